import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { journeyApp } from './journeyApp';
import { newTestUser, signUpAndLogIn, type TestUser } from './accounts';
import { latestCodeFor } from './mailbox';

// Issue 22's browser journey: a producer configures the payout (a wallet address refused for its
// EIP-55 checksum, then saved with a 40 % split; Save only after a change) and chooses PayPal after
// seeing its minimum and fee; an artist buys the producer's beat through the cart with the local test
// provider; a month later an admin (granted by the command line's path) runs Monthly Payouts and Pay
// Payouts from /user/admin; the producer's Payouts History and Wallet show the $BEAT part and the
// PayPal part with its exact fee, and the statement mail is in the dev mailbox.
//
// It runs on its own app (payoutsApp.ts), whose clock it moves a month on.

const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const MISTYPED = WALLET.replace('aAeb', 'aaeb');
const PORT = Number(process.env.E2E_PAYOUTS_PORT ?? 8124);

const app = journeyApp('payouts', PORT);

/** A signed-in browser context of a new user on the journey's app. */
async function signedIn(
  browser: Browser,
  prefix: string,
): Promise<{ context: BrowserContext; page: Page; user: TestUser }> {
  const context = await browser.newContext({ baseURL: app.url() });
  await context.addInitScript(() => window.localStorage.setItem('signedIn', 'true'));
  const user = newTestUser(prefix);
  await signUpAndLogIn(context.request, user);
  return { context, page: await context.newPage(), user };
}

/** Signs `user` in again on `page`'s browser (sessions end on the app's clock, which moved a month). */
async function logInAgain(page: Page, user: TestUser) {
  const { uuid } = (await apiPost(page, 'beatmatch_exclude')) as { uuid: string };
  const credentials = { email: user.email, password: user.password, uuid };
  const first = await apiPost(page, 'beatmatch_login', credentials);
  if (first.response === 'authenticate')
    await apiPost(page, 'beatmatch_login', {
      ...credentials,
      auth_code: await latestCodeFor(page.request, user.email),
    });
}

async function apiPost(page: Page, call: string, data: object = {}) {
  const { csrfToken } = (await (await page.request.get('/api/csrf')).json()) as { csrfToken: string };
  const response = await page.request.post(`/api/${call}`, { data, headers: { 'x-csrf-token': csrfToken } });
  expect(response.status(), `${call}: ${await response.text()}`).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/payouts-${name}.png`, fullPage: true });

test('a producer sets wallet, split and PayPal; an artist buys; an admin runs the month; the producer is paid in $BEAT and PayPal and mailed a statement', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const producer = await signedIn(browser, 'payee');
  const { page } = producer;
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  // Configure Your Payout: Not Active, Save disabled until a change; a mistyped checksum is refused.
  await page.goto('/user/payouts');
  const walletCard = page.locator('.ant-card', { hasText: 'Configure Your Payout' });
  await expect(walletCard.getByText('Not Active')).toBeVisible({ timeout: 60_000 });
  const save = walletCard.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await walletCard.getByLabel('Wallet address').fill(MISTYPED);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(
    walletCard.getByText(
      'This is not a valid wallet address. It must be an address that can handle custom ERC20 tokens.',
    ),
  ).toBeVisible();
  await walletCard.getByLabel('Wallet address').fill(WALLET);
  const slider = walletCard.getByRole('slider');
  await slider.focus();
  for (let step = 0; step < 30; step++) await slider.press('ArrowRight');
  await expect(walletCard.getByText('Payout in $BEAT: 40%')).toBeVisible();
  await save.click();
  await expect(page.getByText('Your payout split is set up.')).toBeVisible();
  await expect(walletCard.getByText('Active', { exact: true })).toBeVisible();
  await expect(save).toBeDisabled();

  // The fiat method: every method's minimum and fee before choosing; PayPal chosen.
  const methodCard = page.locator('.ant-card', { hasText: 'Fiat payouts' });
  await expect(
    methodCard.getByText('PayPal — minimum $2.00, fee 2% of the amount plus $1.00, capped at $2.00'),
  ).toBeVisible();
  await expect(methodCard.getByText('Wire Transfer — minimum $50.00, fee $15.00')).toBeVisible();
  await methodCard.getByText(/^PayPal — /).click();
  await methodCard.getByLabel('PayPal e-mail').fill(producer.user.email);
  await methodCard.getByRole('button', { name: 'Save payout method' }).click();
  await expect(page.getByText('Your payout method is set up.')).toBeVisible();
  await expect(methodCard.getByText(`Now: PayPal ${producer.user.email}.`)).toBeVisible();
  await shot(page, 'configured');

  // The producer's beat ($25.00 First Date), bought by an artist through the cart.
  const { userId: producerId } = (await apiPost(page, 'beatmatch_auth')) as { userId: string };
  const { beatId } = (await app.control({
    publishBeat: {
      producerId,
      producerName: producer.user.username,
      name: 'Payday Anthem',
      firstDateCents: 2500,
    },
  })) as { beatId: string };
  const artist = await signedIn(browser, 'buyer');
  const { uuid } = (await apiPost(artist.page, 'beatmatch_exclude')) as { uuid: string };
  await expect(async () => {
    await apiPost(artist.page, 'update_to_cart', {
      beatId,
      beatPackage: 'First Date Package',
      update: 'add',
      uuid,
    });
  }).toPass({ timeout: 30_000 });
  await artist.page.goto('/user/checkout');
  await expect(artist.page.getByTestId('cart-item')).toContainText('Payday Anthem');
  await artist.page.getByRole('button', { name: 'Check Out' }).click();
  const payment = artist.page.getByRole('dialog', { name: 'Payment' });
  await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByRole('button', { name: /\bPay\b/ }).click();
  await expect(artist.page).toHaveURL(/\/user\/purchases\?redirect_status=succeeded$/);
  await expect(artist.page.getByTestId('purchase').filter({ hasText: 'Payday Anthem' })).toBeVisible();

  await page.goto('/user/wallet');
  await expect(page.getByText('$25.00').first()).toBeVisible({ timeout: 30_000 });

  // A month later an admin, granted from the command line's path, runs the month from /user/admin.
  await app.control({ advanceDays: 32 });
  const admin = await signedIn(browser, 'admin');
  await app.control({ grantAdmin: admin.user.email });
  await expect(async () => {
    const me = (await apiPost(admin.page, 'beatmatch_auth')) as { roles?: string[] };
    expect(me.roles).toContain('admin');
  }).toPass({ timeout: 30_000 });
  await admin.page.goto('/user/admin');
  await admin.page.getByRole('button', { name: 'Monthly Payouts' }).click();
  await admin.page.getByRole('button', { name: 'Run' }).click();
  await expect(
    admin.page.getByText(/Computed \d{4}-\d{2}: 2 payouts, \$25\.00 gross, \$1\.30 fees\./),
  ).toBeVisible();
  await admin.page.getByRole('button', { name: 'Pay Payouts' }).click();
  await admin.page.getByRole('button', { name: 'Run' }).last().click();
  await expect(admin.page.getByText(/Paid \d{4}-\d{2}: 2 payouts/)).toBeVisible({ timeout: 60_000 });
  await shot(admin.page, 'admin');

  // Payouts History: $BEAT $10.00 (40 %) with its transaction; PayPal $15.00 less 2 % + $1.00 = $13.70.
  await logInAgain(page, producer.user);
  await page.goto('/user/payoutsHistory');
  const rows = page.locator('.ant-table-row');
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  const paypalRow = rows.filter({ hasText: 'PayPal' });
  await expect(paypalRow).toContainText('$15.00');
  await expect(paypalRow).toContainText('$1.30');
  await expect(paypalRow).toContainText('$13.70');
  const beatRow = rows.filter({ hasText: '$BEAT' });
  await expect(beatRow).toContainText('$10.00');
  await expect(beatRow).toContainText(/0x[0-9a-f]{64}/);
  await shot(page, 'history');

  // Wallet: paid out $23.70, and the month's two parts.
  await page.goto('/user/wallet');
  await expect(page.getByText('$23.70')).toBeVisible();
  await expect(page.getByText('Latest payouts')).toBeVisible();
  const latest = page.locator('.ant-table').last();
  await expect(latest).toContainText('$13.70');
  await expect(latest).toContainText('$10.00');
  await shot(page, 'wallet');

  // The statement mail reached the dev mailbox.
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(
      page
        .locator('article.mail', { hasText: `To: ${producer.user.email}` })
        .filter({ hasText: 'payout statement' })
        .first(),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await shot(page, 'statement');

  expect(pageErrors).toEqual([]);
  for (const context of [producer.context, artist.context, admin.context]) await context.close();
});
