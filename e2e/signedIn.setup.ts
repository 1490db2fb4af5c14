import { test as setup } from '@playwright/test';
import { SIGNED_IN_STATE, newTestUser, signUpAndLogIn } from './accounts';

// One signed-in user for every journey that starts in the logged-in area: the gateway allows only
// ten sign-ups and logins a minute from one address.
setup('sign a user up and in', async ({ request }) => {
  await signUpAndLogIn(request, newTestUser('layout'));
  await request.storageState({ path: SIGNED_IN_STATE });
});
