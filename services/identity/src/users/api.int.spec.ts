import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { HEADERS, identityMessages as messages } from '@beatmatch/contracts';
import type { Caller } from '@beatmatch/platform';
import { readableMail } from '@beatmatch/testing';
import { identityTestbed, type IdentityService, type IdentityTestbed } from '../testing/harness';

/**
 * Identity's account routes on real PostgreSQL (a schema of their own) and a real SMTP server, called
 * as the gateway calls them (a signed internal token per request): sign-up, the mailed code, login and
 * survey, resend, wrong credentials, the reset link from mail to new password, logout and the
 * gateway-only session lookup.
 */
let bed: IdentityTestbed;
let identity: IdentityService;

beforeAll(async () => {
  bed = await identityTestbed('api');
  identity = await bed.identity();
  await identity.start();
});

afterAll(() => bed?.close());

async function post(path: string, body: object, caller: Caller = {}) {
  return request(identity.app)
    .post(path)
    .set(await bed.headers(caller))
    .send(body);
}

const mailsTo = (email: string) => bed.mailsTo(email);

async function nthMail(email: string, n: number) {
  for (const deadline = Date.now() + 10_000; mailsTo(email).length < n;) {
    if (Date.now() > deadline) throw new Error(`no mail #${n} to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return mailsTo(email)[n - 1]!;
}

const codeOf = (subject: string) => /^Your Beatmatch code: (\d{6})$/.exec(subject)![1]!;

function newUser() {
  const id = randomUUID().slice(0, 8);
  return { username: `api${id}`, email: `api.${id}@example.com`, password: 'correct horse battery' };
}

async function signedUp() {
  const user = newUser();
  expect((await post('/signup', { ...user, signedIn: false })).body).toEqual({ response: 'success' });
  return { ...user, code: codeOf((await nthMail(user.email, 1)).subject) };
}

async function loggedIn() {
  const user = await signedUp();
  const login = { email: user.email, password: user.password };
  await post('/login', { ...login, auth_code: user.code });
  const reply = await post('/login', { ...login, producerArtistSurvey: 'both' });
  const token = reply.headers[HEADERS.session];
  expect(typeof token).toBe('string');
  const session = await post('/sessions/resolve', { token }, { gateway: true });
  expect(session.status).toBe(200);
  return {
    ...user,
    token: token as string,
    userId: session.body.userId as string,
    sessionId: session.body.sessionId,
  };
}

describe('sign-up and login', () => {
  it('mails a code; login asks for it, refuses a wrong one, then asks the survey and opens a session', async () => {
    const user = await signedUp();
    const login = { email: user.email, password: user.password };
    expect((await post('/login', login)).body).toMatchObject({
      response: 'authenticate',
      data: user.username,
    });

    const wrong = user.code === '000000' ? '111111' : '000000';
    const refused = await post('/login', { ...login, auth_code: wrong });
    expect([refused.status, refused.body.detail ?? refused.body.message]).toEqual([
      400,
      messages.invalidCode,
    ]);

    const verified = await post('/login', { ...login, auth_code: user.code });
    expect(verified.body).toMatchObject({ response: 'survey' });
    expect(verified.headers[HEADERS.session]).toBeUndefined();

    const answered = await post('/login', { ...login, producerArtistSurvey: 'artist' });
    expect(answered.status).toBe(200);
    expect(answered.headers[HEADERS.session]).toEqual(expect.any(String));
  });

  it('refuses a taken e-mail and a taken username with the spec messages, storing nothing', async () => {
    const user = await signedUp();
    const sameEmail = await post('/signup', { ...newUser(), email: user.email, signedIn: false });
    expect(sameEmail.status).toBe(409);
    expect(JSON.stringify(sameEmail.body)).toContain(messages.emailTaken);
    const sameName = await post('/signup', { ...newUser(), username: user.username, signedIn: false });
    expect(sameName.status).toBe(409);
    expect(JSON.stringify(sameName.body)).toContain(messages.usernameTaken);
    const rows = await bed.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${bed.schema}.users WHERE email = $1 OR username = $2`,
      [user.email, user.username],
    );
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('answers an unknown e-mail and a wrong password alike', async () => {
    const user = await signedUp();
    const unknown = await post('/login', {
      email: `nobody.${randomUUID()}@example.com`,
      password: 'whatever it is',
    });
    const wrong = await post('/login', { email: user.email, password: 'not the password' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const { requestId: _u, ...unknownBody } = unknown.body;
    const { requestId: _w, ...wrongBody } = wrong.body;
    expect(unknownBody).toEqual(wrongBody);
    expect(JSON.stringify(wrong.body)).toContain(messages.wrongCredentials);
  });

  it('resend mails a new code and the first one no longer works', async () => {
    const user = await signedUp();
    const login = { email: user.email, password: user.password };
    // A fresh code is random: one in a million repeats the first, so resend until it differs.
    let second = user.code;
    for (let mails = 2; second === user.code && mails <= 4; mails += 1) {
      expect((await post('/login/resend', login)).body).toEqual({ message: messages.resent });
      second = codeOf((await nthMail(user.email, mails)).subject);
    }
    expect(second).not.toBe(user.code);
    expect((await post('/login', { ...login, auth_code: user.code })).status).toBe(400);
    expect((await post('/login', { ...login, auth_code: second })).body).toMatchObject({
      response: 'survey',
    });
  });
});

describe('password reset', () => {
  it('gives every e-mail the same answer and mails a link only to an account', async () => {
    const user = await signedUp();
    const nobody = `nobody.${randomUUID()}@example.com`;
    const known = await post('/forgot-password', { email: user.email });
    const unknown = await post('/forgot-password', { email: nobody });
    expect(known.body).toEqual({ message: messages.forgotPassword });
    expect(unknown.body).toEqual(known.body);
    expect((await nthMail(user.email, 2)).subject).toBe('Reset your Beatmatch password');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(nobody)).toHaveLength(0);
  });

  it('the mailed link verifies, sets a new password once, and is then expired', async () => {
    const user = await signedUp();
    await post('/forgot-password', { email: user.email });
    const mail = await nthMail(user.email, 2);
    const jwt = /resetPassword\?auth=([A-Za-z0-9_.-]+)/.exec(readableMail(mail))![1]!;
    expect((await post('/reset-password/verify', { jwt })).body).toEqual({
      response: 'success',
      username: user.username,
    });
    const password = 'a brand new passphrase';
    expect((await post('/reset-password', { jwt, password })).body).toEqual({
      message: messages.passwordReset,
    });

    const again = await post('/reset-password/verify', { jwt });
    expect([again.status, JSON.stringify(again.body).includes(messages.expired)]).toEqual([400, true]);
    expect((await post('/login', { email: user.email, password: user.password })).status).toBe(401);
    expect((await post('/login', { email: user.email, password })).body).toMatchObject({
      response: 'authenticate',
    });
  });

  it('refuses a forged link', async () => {
    const forged = await post('/reset-password/verify', { jwt: 'eyJhbGciOiJIUzI1NiJ9.e30.x' });
    expect(forged.status).toBe(400);
  });
});

describe('sessions', () => {
  it('only the gateway resolves a session token', async () => {
    const user = await loggedIn();
    const asUser = await post('/sessions/resolve', { token: user.token }, { userId: user.userId });
    expect(asUser.status).toBe(403);
    const unknown = await post('/sessions/resolve', { token: 'not-a-session' }, { gateway: true });
    expect(unknown.status).toBe(401);
  });

  it('me needs a signed-in caller and answers its own profile', async () => {
    const user = await loggedIn();
    expect((await post('/me', {})).status).toBe(401);
    expect((await post('/me', {}, { userId: user.userId })).body).toMatchObject({
      userName: user.username,
      email: user.email,
      userId: user.userId,
    });
  });

  it('logout ends the session: the gateway can no longer resolve it', async () => {
    const user = await loggedIn();
    const caller = { userId: user.userId, sessionId: user.sessionId };
    expect((await post('/logout', {}, caller)).body).toEqual({ message: messages.loggedOut });
    expect((await post('/sessions/resolve', { token: user.token }, { gateway: true })).status).toBe(401);
  });
});
