import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IntegrationEvent } from '@beatmatch/contracts';
import { createLogger } from '@beatmatch/platform';
import { startEmbedded, type EmbeddedSystem } from './index';
import { ApiClient } from './apiClient';

/** Identity's API through the gateway, on PGlite, as a browser would call it. */
const logger = createLogger('test', 'silent');
let dataDir: string;
let system: EmbeddedSystem;
let now = new Date();
const published: IntegrationEvent[] = [];

async function start() {
  system = await startEmbedded({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    logger,
    clock: () => now,
    rateLimits: { login: 1000, code: 1000, reset: 1000 },
  });
  await system.bus.subscribe({
    groupId: `test-${Math.random()}`,
    topics: ['identity'],
    handle: async (event) => void published.push(event),
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-identity-'));
  await start();
});
afterAll(async () => {
  await system.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
const newUser = () => {
  counter += 1;
  return {
    username: `artist${counter}`,
    email: `artist${counter}@example.com`,
    password: 'correct horse battery',
  };
};

/**
 * The newest code mailed to `email` once `count` code mails have arrived (mail leaves through
 * identity's outbox, a moment after the reply).
 */
async function lastCode(email: string, count = 1) {
  const until = Date.now() + 5000;
  for (;;) {
    const mails = (await system.devMailbox.list()).filter((m) => m.to === email && /code/i.test(m.subject));
    const code = mails.length >= count ? mails[0]?.text.match(/\b(\d{6})\b/)?.[1] : undefined;
    if (code) return code;
    if (Date.now() > until) throw new Error(`no code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const eventually = async (check: () => void, ms = 3000) => {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
};

const eventuallyAsync = async (check: () => Promise<void>, ms = 3000) => {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
};

async function signUpAndVerify(client: ApiClient, user = newUser()) {
  expect((await client.post('beatmatch_signup', user)).status).toBe(200);
  const login = { email: user.email, password: user.password, uuid: null };
  expect(
    (await client.post('beatmatch_login', { ...login, auth_code: await lastCode(user.email) })).body.response,
  ).toBe('survey');
  return { user, login };
}

describe('identity through the gateway (embedded)', () => {
  it('runs the whole journey: sign-up, code, survey, trial offer, auth, logout', async () => {
    const client = new ApiClient(system.url);
    const visitor = await client.post<{ uuid: string }>('beatmatch_exclude');
    expect(visitor.body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const user = newUser();
    expect((await client.post('beatmatch_signup', { ...user, ref: 'AMB-7', signedIn: false })).body).toEqual({
      response: 'success',
    });

    const login = { email: user.email, password: user.password, uuid: visitor.body.uuid };
    expect((await client.post('beatmatch_login', login)).body).toEqual({
      response: 'authenticate',
      data: user.username,
      isReferral: true,
    });
    expect(client.cookie('bm_session')).toBeUndefined();
    const code = await lastCode(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const rejected = await client.post('beatmatch_login', { ...login, auth_code: wrong });
    expect([rejected.status, rejected.body.message]).toEqual([400, 'Invalid code.']);

    expect((await client.post('beatmatch_login', { ...login, auth_code: code })).body.response).toBe(
      'survey',
    );
    expect((await client.post('beatmatch_auth')).status).toBe(401);
    const offer = await client.post('beatmatch_login', { ...login, producerArtistSurvey: 'artist' });
    expect(offer.body).toEqual({ response: 'artistSubs', data: user.username, isReferral: true });
    expect(offer.headers.get('x-beatmatch-session')).toBeNull();
    expect(client.cookie('bm_session')).toBeDefined();

    const me = await client.post<{ userName: string; email: string; userId: string }>('beatmatch_auth');
    expect(me.body).toMatchObject({ userName: user.username, email: user.email, profilePicture: null });
    // The offer is shown once; the next login is plain success.
    expect((await client.post('beatmatch_login', login)).body.response).toBe('success');

    expect((await client.post('beatmatch_logout')).status).toBe(200);
    const after = await client.post('beatmatch_auth');
    expect([after.status, after.body.message]).toEqual([401, 'User not authenticated']);

    await eventually(() => {
      const types = published
        .filter((e) => (e.payload as { userId?: string }).userId === me.body.userId)
        .map((e) => e.type);
      expect(types).toEqual([
        'identity.UserRegistered',
        'identity.UserReferred',
        'identity.AccountVerified',
        'identity.SurveyAnswered',
        'identity.TrialOfferPresented',
        'identity.SessionsRevoked',
      ]);
    });
    const registered = published.find(
      (e) =>
        e.type === 'identity.UserRegistered' && (e.payload as { userId: string }).userId === me.body.userId,
    )!;
    expect(registered).toMatchObject({
      version: 1,
      payload: { username: user.username, email: user.email, referralCode: 'AMB-7' },
    });
    expect(JSON.stringify(registered)).not.toMatch(/argon2|passwordHash/);
  });

  it('rejects bad sign-up input with a clear 400 and stores nothing', async () => {
    const client = new ApiClient(system.url);
    const cases: Array<[unknown, string]> = [
      [{ email: 'a@example.com', password: 'long enough' }, 'Username is required.'],
      [{ username: 'okname', email: 'not-an-email', password: 'long enough' }, 'Please enter a valid email.'],
      [
        { username: 'okname', email: 'a@example.com', password: 'short' },
        'Password must be at least 8 characters.',
      ],
      [
        { username: 'bad name!', email: 'a@example.com', password: 'long enough' },
        "Username may only contain letters, digits, '_', '.' and '-'.",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await client.post('beatmatch_signup', body);
      expect([response.status, response.body.message]).toEqual([400, message]);
    }
    const malformed = await client.post('beatmatch_signup', '{"username":', { raw: true });
    expect([malformed.status, malformed.body.message]).toEqual([400, 'The request body is not valid JSON.']);
    const { rows } = await system.db.query(
      `SELECT count(*)::int AS n FROM identity.users WHERE email = 'a@example.com'`,
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('refuses a registered e-mail or username, case-insensitively, and keeps the first account intact', async () => {
    const client = new ApiClient(system.url);
    const user = newUser();
    await client.post('beatmatch_signup', user);
    const again = await client.post('beatmatch_signup', {
      ...user,
      username: `${user.username}x`,
      email: user.email.toUpperCase(),
    });
    expect([again.status, again.body.message]).toEqual([409, 'An account with this email already exists.']);
    const sameName = await client.post('beatmatch_signup', {
      ...user,
      username: user.username.toUpperCase(),
      email: `other.${user.email}`,
    });
    expect([sameName.status, sameName.body.message]).toEqual([409, 'This username is taken.']);
    const login = await client.post('beatmatch_login', {
      email: user.email,
      password: user.password,
      uuid: null,
    });
    expect(login.body.response).toBe('authenticate');
  });

  it('answers a wrong password and an unknown e-mail with the same generic message', async () => {
    const client = new ApiClient(system.url);
    const user = newUser();
    await client.post('beatmatch_signup', user);
    const wrongPassword = await client.post('beatmatch_login', {
      email: user.email,
      password: 'not the password',
      uuid: null,
    });
    const unknown = await client.post('beatmatch_login', {
      email: 'nobody@example.com',
      password: 'not the password',
      uuid: null,
    });
    expect([wrongPassword.status, wrongPassword.body.message]).toEqual([401, 'Incorrect email or password.']);
    expect([unknown.status, unknown.body.message]).toEqual([401, 'Incorrect email or password.']);
  });

  it('kills a code after five wrong tries; a resent code works', async () => {
    const client = new ApiClient(system.url);
    const user = newUser();
    await client.post('beatmatch_signup', user);
    const login = { email: user.email, password: user.password, uuid: null };
    const code = await lastCode(user.email);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await client.post('beatmatch_login', { ...login, auth_code: wrong })).body.message).toBe(
        'Invalid code.',
      );
    }
    const dead = await client.post('beatmatch_login', { ...login, auth_code: code });
    expect([dead.status, dead.body.message]).toEqual([
      400,
      'This code has expired. Please request a new one.',
    ]);

    const resent = await client.post('beatmatch_login_auth_resend', login);
    expect(resent.body).toEqual({ message: 'Email has been resent to you with your new code' });
    expect(
      (await client.post('beatmatch_login', { ...login, auth_code: await lastCode(user.email, 2) })).body
        .response,
    ).toBe('survey');
  });

  it('sends a fresh code at login once the old one expired', async () => {
    const client = new ApiClient(system.url);
    const user = newUser();
    await client.post('beatmatch_signup', user);
    const first = await lastCode(user.email);
    const login = { email: user.email, password: user.password, uuid: null };
    now = new Date(now.getTime() + 16 * 60_000);
    try {
      const expired = await client.post('beatmatch_login', { ...login, auth_code: first });
      expect(expired.body.message).toBe('This code has expired. Please request a new one.');
      expect((await client.post('beatmatch_login', login)).body.response).toBe('authenticate');
      const second = await lastCode(user.email, 2);
      expect((await system.devMailbox.list()).filter((m) => m.to === user.email)).toHaveLength(2);
      expect((await client.post('beatmatch_login', { ...login, auth_code: second })).body.response).toBe(
        'survey',
      );
    } finally {
      now = new Date();
    }
  });

  it('resets a password through the e-mailed link once; an old or used link is expired', async () => {
    const client = new ApiClient(system.url);
    const { user, login } = await signUpAndVerify(client);
    // A second browser signed in before the reset; the gateway has its session cached.
    const other = new ApiClient(system.url);
    expect(
      (await other.post('beatmatch_login', { ...login, producerArtistSurvey: 'both' })).body.response,
    ).not.toBe('survey');
    expect((await other.post('beatmatch_auth')).status).toBe(200);
    const unknown = await client.post('beatmatch_forgot_password', { email: 'nobody@example.com' });
    const known = await client.post('beatmatch_forgot_password', { email: user.email });
    expect(unknown.body).toEqual({
      message: 'An email has been sent if there is an email associated with an account.',
    });
    expect(known.body).toEqual(unknown.body);

    // Forgot-password answers before it looks the e-mail up; the mail follows the reply.
    const resetMails = async () =>
      (await system.devMailbox.list()).filter((m) => m.to === user.email && /reset/i.test(m.subject));
    await eventuallyAsync(async () => expect(await resetMails()).toHaveLength(1));
    const mail = (await resetMails())[0]!;
    const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
    expect(link.pathname).toBe('/resetPassword');
    expect(link.searchParams.get('username')).toBe(user.username);
    const jwt = link.searchParams.get('auth')!;
    expect((await client.post('beatmatch_jwt_authenticate', { jwt })).body).toEqual({
      response: 'success',
      username: user.username,
    });

    const reset = await client.post('reset_beatmatchs_password', {
      username: user.username,
      password: 'a brand new secret',
      jwt,
    });
    expect(reset.body).toEqual({ message: 'Your password has been reset.' });
    // The reset ends every session, and the gateway drops its cached answer well before its 10-s TTL.
    const resetAt = Date.now();
    await eventuallyAsync(async () => expect((await other.post('beatmatch_auth')).status).toBe(401), 3000);
    expect(Date.now() - resetAt).toBeLessThan(5000);
    const reused = await client.post('reset_beatmatchs_password', { password: 'yet another secret', jwt });
    expect([reused.status, reused.body.message]).toEqual([400, 'expired']);
    expect(
      (await client.post('beatmatch_login', { email: user.email, password: user.password, uuid: null }))
        .status,
    ).toBe(401);
    expect(
      (
        await client.post('beatmatch_login', {
          email: user.email,
          password: 'a brand new secret',
          uuid: null,
        })
      ).body.response,
    ).toBe('success'); // the survey was answered in the other browser

    await client.post('beatmatch_forgot_password', { email: user.email });
    await eventuallyAsync(async () => expect(await resetMails()).toHaveLength(2));
    const second = (await resetMails())[0]!;
    const jwt2 = new URL(second.text.match(/https?:\/\/\S+/)![0]).searchParams.get('auth')!;
    now = new Date(now.getTime() + 61 * 60_000);
    try {
      expect((await client.post('beatmatch_jwt_authenticate', { jwt: jwt2 })).body.message).toBe('expired');
      expect(
        (await client.post('reset_beatmatchs_password', { password: 'too late now', jwt: jwt2 })).body
          .message,
      ).toBe('expired');
    } finally {
      now = new Date();
    }
    expect((await client.post('beatmatch_jwt_authenticate', { jwt: 'garbage' })).body.message).toBe(
      'invalid',
    );
  });

  it('refuses writes without the CSRF token and calls that bypass the gateway', async () => {
    const client = new ApiClient(system.url);
    const forged = await client.post('beatmatch_signup', newUser(), { csrf: false });
    expect([forged.status, forged.body.code]).toEqual([403, 'csrf_invalid']);
    const direct = await fetch(`${system.serviceUrls.get('identity')}/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(newUser()),
    });
    expect(direct.status).toBe(401);
    const spoofed = await fetch(`${system.serviceUrls.get('identity')}/me`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-internal-token': 'eyJhbGciOiJub25lIn0.eyJjYWxsZXIiOnsidXNlcklkIjoieCJ9fQ.',
      },
      body: '{}',
    });
    expect(spoofed.status).toBe(401);
    expect((await client.post('beatmatch_no_such_route')).status).toBe(404);
  });

  it('keeps accounts and sessions across a restart', async () => {
    const client = new ApiClient(system.url);
    const { user, login } = await signUpAndVerify(client);
    await client.post('beatmatch_login', { ...login, producerArtistSurvey: 'prod' });
    await system.stop();
    await start();
    const resumed = new ApiClient(system.url);
    expect((await resumed.post('beatmatch_login', login)).body.response).toBe('success');
    expect((await resumed.post<{ userName: string }>('beatmatch_auth')).body.userName).toBe(user.username);
  });
});

describe('data directory', () => {
  it('refuses a second process on the same data directory', async () => {
    const { execFileSync } = await import('node:child_process');
    const script = `require('@beatmatch/embedded').startEmbedded({ dataDir: ${JSON.stringify(dataDir)}, port: 0, host: '127.0.0.1', logger: require('@beatmatch/platform').createLogger('x', 'silent') }).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); })`;
    let stderr = '';
    try {
      execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
        encoding: 'utf8',
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: 60_000,
      });
    } catch (error) {
      stderr = String((error as { stderr?: string }).stderr);
    }
    expect(stderr).toContain(`Another Beatmatch (pid ${process.pid}) is using`);
  });
});

describe('rate limits', () => {
  it('limits login attempts per client', async () => {
    const limited = await startEmbedded({
      dataDir: mkdtempSync(path.join(tmpdir(), 'beatmatch-limits-')),
      port: 0,
      host: '127.0.0.1',
      logger,
      rateLimits: { login: 3, reset: 2 },
    });
    try {
      const client = new ApiClient(limited.url);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (
            await client.post('beatmatch_login', {
              email: 'x@example.com',
              password: 'whatever1',
              uuid: null,
            })
          ).status,
        );
      expect(statuses).toEqual([401, 401, 401, 429]);
      const forgot: number[] = [];
      for (let i = 0; i < 3; i++)
        forgot.push((await client.post('beatmatch_forgot_password', { email: 'x@example.com' })).status);
      expect(forgot).toEqual([200, 200, 429]);
    } finally {
      await limited.stop();
      rmSync(limited.dataDir, { recursive: true, force: true });
    }
  });
});
