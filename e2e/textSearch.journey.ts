import { expect, test, type APIRequestContext } from '@playwright/test';

// Text search as issue 25 walks it: a visitor on the public /textSearch page is asked 'What's on your
// mind?', an empty search is refused with the page's message, a described sound answers match cards
// (each with why it fits), and Commit opens the prices dialog that adds a package to the cart.

async function playableBeats(request: APIRequestContext): Promise<number> {
  const { csrfToken } = (await (await request.get('/api/csrf')).json()) as { csrfToken: string };
  const response = await request.post('/api/total_beats', {
    data: {},
    headers: { 'x-csrf-token': csrfToken },
  });
  return response.ok() ? (((await response.json()) as { beats?: number }).beats ?? 0) : 0;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(600_000);
  await expect
    .poll(() => playableBeats(request), { timeout: 540_000, intervals: [3_000] })
    .toBeGreaterThanOrEqual(3);
});

test('a visitor describes a sound, gets match cards with why they fit, and adds one to the cart', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/textSearch');
  await expect(page.getByText("What's on your mind?")).toBeVisible();
  const text = page.getByPlaceholder('Heavy and angry with a lot of bass');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText("Please tell us what's on your mind.")).toBeVisible();

  await text.fill('dark trap around 140 with no vocals');
  await page.getByRole('button', { name: 'Search' }).click();
  const cards = page.getByTestId('match-card');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  await expect(cards.first()).toContainText('BPM');

  await cards
    .first()
    .getByRole('button', { name: /^Commit to / })
    .click();
  const dialog = page.getByTestId('commit-dialog');
  await expect(dialog).toContainText('First Date Package');
  await dialog
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click();
  await expect(page.getByText(/added to your cart/)).toBeVisible();
});
