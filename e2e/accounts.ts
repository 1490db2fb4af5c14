import type { APIRequestContext } from '@playwright/test';
import { latestCodeFor } from './mailbox';

/** Cookies and signed-in flag of the user that signedIn.setup.ts signs up and in once per run. */
export const SIGNED_IN_STATE = 'test-results/.auth/signed-in.json';

export interface TestUser {
  username: string;
  email: string;
  password: string;
}

export function newTestUser(prefix: string): TestUser {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return {
    username: `${prefix}_${suffix}`,
    email: `${prefix}+${suffix}@example.test`,
    password: 'correct horse battery',
  };
}

/**
 * Signs a new user up and in through the gateway's API (not the UI), for journeys that start in the
 * logged-in area. The request context shares the page's cookies, so the page is signed in afterwards.
 */
export async function signUpAndLogIn(request: APIRequestContext, user: TestUser): Promise<void> {
  const { csrfToken } = (await (await request.get('/api/csrf')).json()) as { csrfToken: string };
  const post = async (path: string, data: object) => {
    const response = await request.post(path, { data, headers: { 'x-csrf-token': csrfToken } });
    if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const { uuid } = (await post('/api/beatmatch_exclude', {})) as { uuid: string };
  await post('/api/beatmatch_signup', user);
  const credentials = { email: user.email, password: user.password, uuid };
  await post('/api/beatmatch_login', { ...credentials, auth_code: await latestCodeFor(request, user.email) });
  const reply = await post('/api/beatmatch_login', { ...credentials, producerArtistSurvey: 'both' });
  if (reply.response !== 'prodSubs') throw new Error(`Unexpected login response ${String(reply.response)}`);
}
