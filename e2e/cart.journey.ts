import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SIGNED_IN_STATE } from './accounts';

// A signed-in artist matches a beat, commits to it from the Match List (the cart badge counts it),
// checks out with the embedded profile's test payment provider (a declined card first), sees the
// purchase and downloads its MP3 and its licence PDF.

test.use({ storageState: SIGNED_IN_STATE, viewport: { width: 1280, height: 900 } });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });

/** A POST as the page's browser makes it; a connection the busy app reset is tried again. */
async function apiPost(request: APIRequestContext, path: string, data: object, attempts = 3) {
  try {
    const { csrfToken } = (await (await request.get('/api/csrf')).json()) as { csrfToken: string };
    const response = await request.post(path, { data, headers: { 'x-csrf-token': csrfToken } });
    return {
      status: response.status(),
      body: (await response.json().catch(() => ({}))) as Record<string, unknown>,
    };
  } catch (error) {
    if (attempts <= 1 || !/ECONNRESET|socket hang up/.test(String(error))) throw error;
    return apiPost(request, path, data, attempts - 1);
  }
}

/**
 * The first beat the swipe player serves, matched. The embedded app seeds its demo catalogue through
 * the upload workflow at its first start, so the player may have nothing for a while.
 */
async function matchABeat(request: APIRequestContext): Promise<{ beatId: string; beatName: string }> {
  const { body: device } = await apiPost(request, '/api/beatmatch_exclude', {});
  const uuid = device.uuid as string;
  const filters = { uuid, genre: null, musicalKey: null, tempo: null };
  let served: Record<string, unknown> = {};
  await expect
    .poll(
      async () => {
        // While the demo catalogue is analysed the app is busy: a reset connection is tried again.
        served = await apiPost(request, '/api/beatmatch_beat_play', filters).then(
          (reply) => reply.body,
          () => ({}),
        );
        return typeof served.beatId === 'string';
      },
      { timeout: 240_000, intervals: [3_000] },
    )
    .toBe(true);
  const beatId = served.beatId as string;
  const match = await apiPost(request, '/api/beatmatch_beat_play', {
    ...filters,
    beatId,
    choiceType: 'match',
    seconds: 'match',
  });
  expect(match.status).toBe(200);
  return { beatId, beatName: served.beatName as string };
}

test('an artist buys a matched beat with the test provider and downloads it', async ({ page }) => {
  test.setTimeout(360_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  const { beatName } = await matchABeat(page.request);

  // Match List → Commit → the package's 'add to cart'; the badge in the top bar counts it.
  await page.goto('/user/matchlist');
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  const row = page.getByTestId('match-row').filter({ hasText: beatName });
  await row.getByRole('button', { name: `Commit to ${beatName}` }).click();
  const commit = page.getByTestId('commit-dialog');
  await commit.getByRole('button', { name: 'add to cart — First Date Package' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expect(commit.getByRole('button', { name: 'in cart — First Date Package' })).toBeVisible();
  await shot(page, 'cart-committed');
  await page.keyboard.press('Escape');

  // The cart: the item with its package, price and licence link; total, service fee, amount to pay.
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page).toHaveURL(/\/user\/checkout$/);
  const item = page.getByTestId('cart-item').filter({ hasText: beatName });
  await expect(item).toContainText('First Date Package');
  await expect(item.getByRole('link', { name: 'License' })).toHaveAttribute('href', '/policies/nonExclusive');
  const price = Number((await item.getByTestId('cart-item-price').textContent())!.replace('$', ''));
  // The totals are the server's answer, which arrives after the items the page already holds.
  await expect(page.getByTestId('cart-total')).toHaveText(`$${price.toFixed(2)}`);
  const fee = Number((await page.getByTestId('cart-fee').textContent())!.replace('$', ''));
  // The server's fee rule (spec §5): 2 % of the total, capped at $2, for a buyer without a plan.
  expect(fee).toBeCloseTo(Math.min(2, Math.round(price * 2) / 100), 2);
  await expect(page.getByTestId('cart-checkout-total')).toHaveText(`$${(price + fee).toFixed(2)}`);
  await shot(page, 'cart-page');

  // Check Out: the test provider's payment dialog; a declined card is said there, a good one pays.
  await page.getByRole('button', { name: 'Check Out' }).click();
  const payment = page.getByRole('dialog', { name: 'Payment' });
  await expect(payment).toBeVisible();
  await expect(page).toHaveURL(/session_id=/);
  const card = payment.getByLabel('Card number');
  await card.fill('4000 0000 0000 0002');
  await payment.getByRole('button', { name: /\bPay\b/ }).click();
  await expect(payment.getByText('Your card was declined.')).toBeVisible();
  await card.fill('4242 4242 4242 4242');
  await shot(page, 'cart-payment');
  await payment.getByRole('button', { name: /\bPay\b/ }).click();

  // Purchases: the cart is cleared, the purchase is listed with its downloads.
  await expect(page).toHaveURL(/\/user\/purchases\?redirect_status=succeeded$/);
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await expect(page.getByTestId('purchase-count')).toHaveText('1 purchase');
  const purchase = page.getByTestId('purchase').filter({ hasText: beatName });
  await expect(purchase).toContainText('First Date Package');
  await shot(page, 'purchases');

  // Downloads: the MP3 and the licence come from short-lived signed URLs, opened in a new window.
  await purchase.getByRole('button', { name: `Downloads of ${beatName}` }).click();
  const downloads = page.getByRole('dialog', { name: `Downloads: ${beatName}` });
  await expect(downloads.getByRole('button', { name: 'WAV' })).toHaveCount(0);
  for (const [label, expectBytes] of [
    ['MP3', (bytes: Buffer) => expect(bytes.length).toBeGreaterThan(10_000)],
    [/License/, (bytes: Buffer) => expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')],
  ] as const) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/get_downloadable'));
    const popup = page.waitForEvent('popup');
    await downloads.getByRole('button', { name: label }).click();
    const { url } = (await (await answer).json()) as { url: string };
    await (await popup).close();
    const file = await page.request.get(url);
    expect(file.status()).toBe(200);
    expectBytes(await file.body());
  }
  await shot(page, 'purchases-downloads');
  expect(pageErrors).toEqual([]);
});
