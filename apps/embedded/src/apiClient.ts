/**
 * A browser-like API client for tests: keeps cookies, fetches the CSRF token, posts JSON like the
 * frontends do. Used by the API specs and the distributed e2e.
 */
export class ApiClient {
  private readonly cookies = new Map<string, string>();
  private csrfToken: string | undefined;

  /** `headers` go with every request (e.g. X-Forwarded-For behind a trusted proxy). */
  constructor(
    readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  cookie(name: string) {
    return this.cookies.get(name);
  }

  private remember(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]!) < new Date(),
      );
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(path: string) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      headers: { ...this.headers, cookie: this.cookieHeader() },
    });
    this.remember(response);
    return response;
  }

  async refreshCsrf() {
    const response = await this.get('/api/csrf');
    this.csrfToken = ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  /** POSTs JSON (or a raw string body) and returns status and parsed body. */
  async post<T = Record<string, unknown>>(
    route: string,
    body: unknown = {},
    options: { csrf?: boolean; raw?: boolean } = {},
  ) {
    if (options.csrf !== false && !this.csrfToken) await this.refreshCsrf();
    const response = await fetch(`${this.baseUrl}/api/${route}`, {
      method: 'POST',
      headers: {
        ...this.headers,
        'content-type': 'application/json',
        cookie: this.cookieHeader(),
        ...(options.csrf !== false && this.csrfToken ? { 'x-csrf-token': this.csrfToken } : {}),
      },
      body: options.raw ? String(body) : JSON.stringify(body),
    });
    this.remember(response);
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : {}) as T & { message?: string; code?: string },
      headers: response.headers,
    };
  }

  /** POSTs a multipart form (e.g. a cover image) the way a browser's FormData does. */
  async postForm<T = Record<string, unknown>>(route: string, form: FormData) {
    if (!this.csrfToken) await this.refreshCsrf();
    const response = await fetch(`${this.baseUrl}/api/${route}`, {
      method: 'POST',
      headers: {
        ...this.headers,
        cookie: this.cookieHeader(),
        ...(this.csrfToken ? { 'x-csrf-token': this.csrfToken } : {}),
      },
      body: form,
    });
    this.remember(response);
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : {}) as T & { message?: string; code?: string },
      headers: response.headers,
    };
  }

  /** Any request with this client's cookies (GET with Range, PUT to a signed URL, ...). */
  async fetch(path: string, init: RequestInit = {}) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      ...init,
      headers: {
        ...this.headers,
        cookie: this.cookieHeader(),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
    this.remember(response);
    return response;
  }
}

/** What `signedInClient` needs of the running embedded system: its URL and its dev mailbox. */
export interface MailboxSystem {
  url: string;
  devMailbox: {
    waitFor(
      match: (mail: { to: string; subject: string; text: string }) => boolean,
    ): Promise<{ text: string }>;
  };
}

/**
 * A new account, signed in through the API as a person would: sign-up, the code from the dev mailbox
 * (it arrives through the outbox, so this waits for it), login with the code, the survey answer.
 * `ref`: the referral code the sign-up carries (a visitor who came through a /signup?ref= link).
 */
export async function signedInClient(
  system: MailboxSystem,
  username: string,
  survey: 'artist' | 'prod' | 'both' = 'both',
  ref?: string,
): Promise<ApiClient & { email: string }> {
  const client = new ApiClient(system.url);
  const user = { username, email: `${username}@example.com`, password: 'correct horse battery' };
  const signup = await client.post('beatmatch_signup', { ...user, ...(ref ? { ref } : {}) });
  if (signup.status !== 200) throw new Error(`sign-up of ${username}: ${signup.status}`);
  const mail = await system.devMailbox.waitFor((m) => m.to === user.email && /code/i.test(m.subject));
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  const login = { email: user.email, password: user.password, uuid: null };
  const verified = await client.post<{ response: string }>('beatmatch_login', { ...login, auth_code: code });
  if (verified.body.response !== 'survey') throw new Error(`login of ${username}: ${verified.body.response}`);
  await client.post('beatmatch_login', { ...login, producerArtistSurvey: survey });
  if ((await client.post('beatmatch_auth')).status !== 200) throw new Error(`${username} is not signed in`);
  return Object.assign(client, { email: user.email });
}
