import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test as setup } from '@playwright/test';
import { SIGNED_IN_STATE, newTestUser, signUpAndLogIn } from './accounts';

// One signed-in user for every journey that starts in the logged-in area: the gateway allows only
// ten sign-ups and logins a minute from one address.
setup('sign a user up and in', async ({ request, baseURL }) => {
  await signUpAndLogIn(request, newTestUser('layout'));
  const state = await request.storageState();
  // The browser's signed-in flag, as the login screen leaves it: the shell asks the gateway who is
  // signed in only when it is set (a visitor's page makes no refused call).
  state.origins.push({ origin: baseURL!, localStorage: [{ name: 'signedIn', value: 'true' }] });
  mkdirSync(path.dirname(SIGNED_IN_STATE), { recursive: true });
  writeFileSync(SIGNED_IN_STATE, JSON.stringify(state));
});
