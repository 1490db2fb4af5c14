import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { journeyApp } from './journeyApp';
import { newTestUser } from './accounts';
import { signedInOn, signUpOnPages } from './journeyUsers';

// Issue 23's browser journey: user A copies their referral link on /user/ambassadorProgram; a visitor
// opens it, signs up (the 14-day ambassador trial is offered), skips the trial and subscribes to
// Independent ($4 a month) with the test card; A's dashboard counts one active sub-affiliate and $0.50.
// An admin makes A an ambassador (the month's kickback is $0.50 + 10 % of $4.00 = $0.90); once the
// month is over (the app's clock moved on) the admin runs 'Populate referral total table' from
// /user/admin, and A's Referral Rewards and Wallet hold the month's $0.90. A sign-up with a bogus ref
// is offered the week's trial only.
//
// It runs on its own app (payoutsApp.ts): its clock moves into the next month, and it grants the admin.

const PORT = Number(process.env.E2E_REFERRALS_PORT ?? 8126);
const DAY_MS = 86_400_000;

const app = journeyApp('referrals', PORT);

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/referrals-${name}.png`, fullPage: true });

/** A visitor opens `link` (its code shown on the sign-up page) and signs up: left on the trial offer. */
async function signUpThrough(page: Page, link: string, ref: string) {
  await page.goto(link);
  await expect(page.getByText(`Referral code: ${ref}`)).toBeVisible({ timeout: 60_000 });
  await signUpOnPages(page, newTestUser('visitor'));
}

const signedIn = (browser: Browser, prefix: string) => signedInOn(browser, app.url(), prefix);

/** A statistic of the dashboard's cards by its exact title ('Active' is also in 'Inactive'). */
const statistic = (page: Page, card: string, title: string): Locator =>
  page
    .locator('.ant-card', { hasText: card })
    .locator('.ant-statistic', { has: page.getByText(title, { exact: true }) })
    .locator('.ant-statistic-content');

/** Reloads A's dashboard until its figures are the expected ones (events reach referrals in moments). */
async function dashboardShows(page: Page, figures: { active: string; inactive: string; kickback: string }) {
  await expect(async () => {
    await page.goto('/user/ambassadorProgram');
    // The page may take long to load on a busy machine: reloaded only when its figures are not yet these.
    await expect(statistic(page, 'Sub-Affiliates', 'Active')).toBeVisible({ timeout: 30_000 });
    await expect(statistic(page, 'Sub-Affiliates', 'Active')).toHaveText(figures.active, { timeout: 2_000 });
    await expect(statistic(page, 'Sub-Affiliates', 'Inactive')).toHaveText(figures.inactive);
    await expect(statistic(page, 'Monthly Kickback', 'This month so far')).toHaveText(figures.kickback);
  }).toPass({ timeout: 120_000 });
}

/** Days to move the clock so that the current (UTC) month is over in every zone: the run's month. */
function daysIntoNextMonth(now: Date): number {
  const runnable = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 14);
  return Math.ceil((runnable - now.getTime()) / DAY_MS);
}

test('a visitor signs up through A’s link (14-day trial offered) and subscribes; the month’s referral run pays A $0.50 and the ambassador share; a bogus ref gets no 14-day trial', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const pageErrors: string[] = [];

  // A copies their link from the dashboard (not an ambassador yet: the perks panel, no Rev Share).
  const referrer = await signedIn(browser, 'referrer');
  const { page } = referrer;
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await referrer.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url() });
  await page.goto('/user/ambassadorProgram');
  const linkField = page.getByLabel('Your referral link');
  await expect(linkField).toHaveValue(/\/signup\?ref=[^&]+$/, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied your referral link')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(await linkField.inputValue());
  const ref = new URL(link).searchParams.get('ref')!;
  await expect(page.locator('.ant-card', { hasText: 'Rev Share' })).toHaveCount(0);
  await dashboardShows(page, { active: '0', inactive: '0', kickback: '$0.00' });
  await shot(page, 'dashboard-start');

  // The visitor opens the link, signs up, is offered the ambassador trial, and subscribes instead.
  const visitorContext = await browser.newContext({ baseURL: app.url() });
  const visitor = await visitorContext.newPage();
  visitor.on('pageerror', (error) => pageErrors.push(error.message));
  await signUpThrough(visitor, link, ref);
  await expect(
    visitor.getByText('You were referred by an ambassador, so your trial is 14 days.'),
  ).toBeVisible();
  await expect(visitor.getByRole('button', { name: /^Start 14-day free trial of / }).first()).toBeVisible();
  await shot(visitor, 'trial-14-days');
  // Signed up but not paying: an inactive sub-affiliate.
  await dashboardShows(page, { active: '0', inactive: '1', kickback: '$0.00' });
  await visitor.getByRole('button', { name: 'Continue to the platform' }).click();
  await expect(visitor).toHaveURL(/\/user\//);
  await visitor.goto('/user/marketplace_pro');
  await visitor.getByRole('button', { name: 'Subscribe to Independent, $4 a month' }).click();
  const planPayment = visitor.getByRole('dialog', { name: 'Payment' });
  await planPayment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await planPayment.getByRole('button', { name: /\bPay\b/ }).click();
  await expect(visitor.getByTestId('subscribed')).toContainText('Independent');

  // A paying sub-affiliate: $0.50 this month.
  await dashboardShows(page, { active: '1', inactive: '0', kickback: '$0.50' });

  // A bogus ref is no referral: the week's trial, not the 14 days.
  const bogusContext = await browser.newContext({ baseURL: app.url() });
  const bogus = await bogusContext.newPage();
  await signUpThrough(bogus, '/signup?ref=ANYTHING-BOGUS', 'ANYTHING-BOGUS');
  await expect(bogus.getByRole('button', { name: /^Start 7-day free trial of / }).first()).toBeVisible();
  await expect(bogus.getByRole('button', { name: /^Start 14-day free trial of / })).toHaveCount(0);
  await expect(bogus.getByText('You were referred by an ambassador', { exact: false })).toHaveCount(0);
  await shot(bogus, 'bogus-trial-7-days');
  await dashboardShows(page, { active: '1', inactive: '0', kickback: '$0.50' });

  // An admin (granted by the command line's path) makes A an ambassador from /user/admin.
  const admin = await signedIn(browser, 'admin');
  admin.page.on('pageerror', (error) => pageErrors.push(error.message));
  await app.control({ grantAdmin: admin.user.email });
  // The session learns the role on its next refresh: the page is reloaded until it shows the tools.
  await expect(async () => {
    await admin.page.goto('/user/admin');
    await expect(admin.page.getByRole('button', { name: 'Populate referral total table' })).toBeVisible({
      timeout: 20_000,
    });
  }).toPass({ timeout: 120_000 });
  const ambassadors = admin.page.locator('.ant-collapse', { hasText: 'Ambassadors' });
  await ambassadors.getByText('Ambassadors', { exact: true }).first().click();
  await ambassadors.getByLabel('Ambassador e-mail').fill(referrer.user.email);
  await ambassadors.getByRole('button', { name: 'Grant' }).click();
  await admin.page.getByRole('button', { name: 'Yes' }).click();
  await expect(admin.page.getByText(`${referrer.user.email} is an ambassador.`)).toBeVisible();

  // A ambassador: the Rev Share card (10 % below 50 active), and $0.50 + 10 % of $4.00 this month.
  await dashboardShows(page, { active: '1', inactive: '0', kickback: '$0.90' });
  const revShare = page.locator('.ant-card', { hasText: 'Rev Share' });
  await expect(revShare).toContainText('You earn 10% of your sub-affiliates');
  await expect(revShare).toContainText('1 of 51 active sub-affiliates for the next level');
  await shot(page, 'dashboard-ambassador');

  // The month is over: the admin runs it by hand (its confirmation, then its result line).
  await app.control({ advanceDays: daysIntoNextMonth(new Date()) });
  await admin.page.reload();
  await admin.page.getByRole('button', { name: 'Populate referral total table' }).click();
  await expect(
    admin.page.getByText("Run last month's referral run now? Rewards already posted are not posted again."),
  ).toBeVisible();
  await admin.page.getByRole('button', { name: 'Run' }).click();
  const runLine = admin.page.getByText(/^Referral run \d{4}-\d{2}: /);
  await expect(runLine).toHaveText(
    /^Referral run \d{4}-\d{2}: 1 referrer checked, 2 rewards posted, \$0\.90\.$/,
    { timeout: 60_000 },
  );
  const month = /Referral run (\d{4}-\d{2})/.exec((await runLine.textContent())!)![1]!;
  await shot(admin.page, 'admin-run');

  // A's statement: the month, final, $0.50 + $0.40.
  await page.goto('/user/referralRewards');
  const row = page.locator('.ant-table-row', { hasText: month });
  await expect(row).toContainText(month, { timeout: 60_000 });
  await expect(row).not.toContainText('(so far)');
  await expect(row.locator('td')).toHaveText([month, '1', '$0.50', '$0.40', '$0.90']);
  await shot(page, 'rewards');

  // A's wallet: the closed month's $0.90 is available, paid with A's payouts.
  await expect(async () => {
    await page.goto('/user/wallet');
    const available = page.locator('.ant-card', { has: page.getByText('Available', { exact: true }) });
    await expect(available.locator('.ant-statistic-content')).toBeVisible({ timeout: 30_000 });
    await expect(available.locator('.ant-statistic-content')).toHaveText('$0.90', { timeout: 2_000 });
  }).toPass({ timeout: 120_000 });
  await shot(page, 'wallet');

  expect(pageErrors).toEqual([]);
  for (const context of [referrer.context, visitorContext, bogusContext, admin.context])
    await context.close();
});
