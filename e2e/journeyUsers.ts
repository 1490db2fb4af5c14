import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { newTestUser, signUpAndLogIn, type TestUser } from './accounts';

/*
 * Users of the journeys that run on their own app (journeyApp.ts): signed in through the API, or signed
 * up through the pages as a visitor does. (payouts, battles and signup-login journeys keep
 * copies of these steps that could use this file.)
 */

/** A signed-in browser context of a new user on the app at `baseURL`. */
export async function signedInOn(
  browser: Browser,
  baseURL: string,
  prefix: string,
): Promise<{ context: BrowserContext; page: Page; user: TestUser }> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => window.localStorage.setItem('signedIn', 'true'));
  const user = newTestUser(prefix);
  await signUpAndLogIn(context.request, user);
  return { context, page: await context.newPage(), user };
}

/**
 * Fills the sign-up page `page` shows, takes the code from the dev mailbox, logs in and answers the
 * survey ('Both'): the page is left on the one-time trial offer.
 */
export async function signUpOnPages(page: Page, user: TestUser) {
  const email = page.getByRole('textbox', { name: /\bEmail$/ });
  await page.getByLabel('Username').fill(user.username);
  await email.fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('main').getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText(`We emailed a six-digit code to ${user.email}.`)).toBeVisible();
  const mail = page.locator('article.mail', { hasText: `To: ${user.email}` }).first();
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(mail).toBeVisible({ timeout: 500 });
  }).toPass();
  const code = /\b(\d{6})\b/.exec(await mail.locator('pre').innerText())?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await page.goto('/login');
  await email.fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByLabel('Authentication code').fill(code!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('What do you want to do on Beatmatch?')).toBeVisible();
  await page.getByLabel('Both').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('trial-offer')).toBeVisible();
}
