import { expect, test } from '@playwright/test';

test('a new user signs up, verifies the e-mailed code, answers the survey, lands on the matchmaker, logs out and resets the password', async ({
  page,
}) => {
  const suffix = Date.now().toString(36);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const shot = (name: string) => page.screenshot({ path: `test-results/screenshots/journey-${name}.png` });
  const user = {
    username: `journey_${suffix}`,
    email: `journey+${suffix}@example.test`,
    password: 'correct horse battery',
  };

  await page.goto('/signUp?ref=AMB123');
  await expect(page.getByText('Referral code:')).toContainText('AMB123');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await expect(page.getByText('By signing up you agree to our')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText(`We emailed a six-digit code to ${user.email}.`)).toBeVisible();
  await shot('signup-success');

  // The code, as a person would read it: on the dev mailbox page.
  // The mail leaves through the outbox a moment after the reply: reload until it is there.
  const mail = page.locator('article.mail', { hasText: `To: ${user.email}` }).first();
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(mail).toBeVisible({ timeout: 500 });
  }).toPass();
  const code = /\b(\d{6})\b/.exec(await mail.locator('pre').innerText())?.[1];
  expect(code).toMatch(/^\d{6}$/);

  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page.getByText('We emailed a six-digit authentication code')).toBeVisible();
  await page.getByLabel('Authentication code').fill('000000' === code ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  // The refusal is said at the code field, not in a toast.
  await expect(page.locator('.ant-form-item-has-error')).toContainText('Invalid code.');
  await expect(page.locator('.ant-form-item-has-error')).toContainText('Authentication code');
  await shot('authenticate');
  await page.getByLabel('Authentication code').fill(code!);
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByText('What do you want to do on Beatmatch?')).toBeVisible();
  await page.getByLabel('Both').check();
  await page.getByRole('button', { name: 'Continue' }).click();

  const offer = page.getByTestId('trial-offer');
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('$15/month');
  await shot('trial-offer');
  await page.getByRole('button', { name: 'Continue to the platform' }).click();

  await expect(page).toHaveURL(/\/user\/matchmaker$/);
  await expect(page.getByTestId('page-title')).toHaveText('The Matchmaker');
  // The page itself comes from the artist remote, loaded at run time from its manifest.
  await expect(page.getByTestId('matchmaker-page')).toBeVisible();
  await expect(page.locator('[data-layout="nav-open"]')).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem').filter({ hasText: user.email })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Account Settings' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();

  // Signed out: the private area sends the visitor back to /login.
  await page.goto('/user/matchlist');
  await expect(page).toHaveURL(/\/login$/);

  // Forgot password: the e-mailed link resets it, and the new password logs in.
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('dialog').getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText('An email has been sent if there is an email associated with an account.'),
  ).toBeVisible();
  const resetMail = page
    .locator('article.mail', { hasText: `To: ${user.email}` })
    .filter({ hasText: '/resetPassword?' })
    .first();
  // Identity sends the reset mail after its reply (same speed for unknown e-mails): reload until it is there.
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(resetMail).toBeVisible({ timeout: 500 });
  }).toPass();
  // The link is clickable on the mailbox page.
  const resetLink = await resetMail.locator('a[href*="/resetPassword?"]').getAttribute('href');
  expect(resetLink).toContain('auth=');
  const resetUrl = new URL(resetLink!, page.url());
  // Opening the link spends one check of it and fetches one CSRF token (the limit is per minute).
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/csrf' || pathname === '/api/beatmatch_jwt_authenticate') calls.push(pathname);
  });
  await page.goto(resetUrl.pathname + resetUrl.search);
  await expect(page.getByLabel('New password')).toBeVisible();
  expect(calls.sort()).toEqual(['/api/beatmatch_jwt_authenticate', '/api/csrf']);
  await page.getByLabel('New password').fill('a brand new password');
  await page.getByLabel('Confirm password').fill('a brand new password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('main').getByLabel('Password').fill('a brand new password');
  await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
  // Back to the last /user page the user tried to open.
  await expect(page).toHaveURL(/\/user\/matchlist$/);
  await expect(page.getByTestId('page-title')).toHaveText('Match List');

  // Nothing threw in the page along the way.
  expect(pageErrors).toEqual([]);
});
