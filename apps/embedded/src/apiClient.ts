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
