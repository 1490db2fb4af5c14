import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';

// A visitor on the public matchmaker: a beat from the catalogue (the embedded app publishes its demo
// catalogue in the background at start) loads with its snippet, the snippet plays, Match records the
// beat, and the Match List shows it — all under the device uuid the browser got on first visit.

/** How many beats the player can serve now (total_beats). */
async function playableBeats(request: APIRequestContext): Promise<number> {
  const { csrfToken } = (await (await request.get('/api/csrf')).json()) as { csrfToken: string };
  const response = await request.post('/api/total_beats', {
    data: {},
    headers: { 'x-csrf-token': csrfToken },
  });
  if (!response.ok()) return 0;
  return ((await response.json()) as { beats?: number }).beats ?? 0;
}

test('a visitor plays a snippet, matches the beat and finds it in the Match List', async ({
  page,
  request,
}) => {
  // Publishing runs every demo beat through the upload workflow (DNA test included): wait for three,
  // so a Match and a Pass are each followed by another beat.
  test.setTimeout(720_000);
  await expect
    .poll(() => playableBeats(request), { timeout: 450_000, intervals: [3_000] })
    .toBeGreaterThanOrEqual(3);

  const snippetResponse = page.waitForResponse(
    (response) => response.url().includes('/api/beatmatch_beat_play_snippet') && response.status() < 300,
  );
  await page.goto('/matchmaker');
  await expect(page.getByRole('heading', { level: 1, name: 'The Matchmaker' })).toBeVisible();
  const beatName = page.getByTestId('player-beat-name');
  // The artist remote is fetched on first use, and the app is busy publishing the demo catalogue.
  await expect(beatName).toBeVisible({ timeout: 120_000 });
  const firstBeat = (await beatName.textContent()) ?? '';
  expect(firstBeat).not.toBe('');
  // The visitor got a device uuid (the exclude call) and keeps it.
  expect(await page.evaluate(() => localStorage.getItem('uuid'))).toMatch(/^[A-Za-z0-9-]+$/);
  await expect(page.getByTestId('player-why')).toContainText('Why this beat:');
  await expect(page.getByTestId('player-producer')).toHaveAttribute('href', /^\/lab\//);

  const audio = page.getByTestId('player-audio');
  await expect(audio).toHaveAttribute('src', /\/api\/beatmatch_beat_play_snippet\?beatId=/);

  // Before playback, Pass and Match are inert.
  await expect(page.getByTestId('player-match')).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  const snippet = await snippetResponse;
  expect([200, 206]).toContain(snippet.status());
  expect(snippet.headers()['content-type']).toMatch(/^audio\//);
  // The browser really decodes and plays it.
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0);

  const axe = await new AxeBuilder({ page }).include('main').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  await page.getByRole('button', { name: 'Match' }).click();
  await expect(beatName).not.toHaveText(firstBeat);
  await expect(page.getByRole('link', { name: 'Matches (1)' })).toBeVisible();
  // The next beat plays on its own after a choice.
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  // ← passes (the keys work wherever the focus is, outside fields).
  const secondBeat = (await beatName.textContent()) ?? '';
  await page.keyboard.press('ArrowLeft');
  await expect(beatName).not.toHaveText(secondBeat);
  await expect(page.getByRole('link', { name: 'Matches (1)' })).toBeVisible();

  await page.getByRole('link', { name: 'Matches (1)' }).click();
  await expect(page).toHaveURL(/\/matchList$/);
  await expect(page.getByTestId('matchlist-count')).toHaveText('1 match');
  await expect(page.getByTestId('match-row')).toHaveCount(1);
  await expect(page.getByTestId('match-row')).toContainText(firstBeat);
  // A visitor has no plan: only 20 matches can be viewed.
  await expect(page.getByTestId('matchlist-limit')).toBeVisible();

  // The list survives a reload (kept on the server for this device).
  await page.reload();
  await expect(page.getByTestId('match-row')).toContainText(firstBeat);
});
