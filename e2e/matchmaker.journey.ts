import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newTestUser, signUpAndLogIn } from './accounts';

// The matchmaker as issue 9 walks it. A visitor on the public matchmaker: a beat from the catalogue (the
// embedded app publishes its demo catalogue in the background at start) loads with its snippet, the
// snippet plays, five beats are swiped with the keys and the mouse (two matches), and the Match List
// shows the two — all under the device the browser got on first visit. A signed-in user writes lyrics
// on a match, reloads and finds them kept, and their 26th play of the day shows the limit.

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

/** Waits until Pass and Match act (a beat is loaded, playing, and no choice is under way). */
async function choicesReady(page: Page) {
  await expect(page.getByTestId('player-match')).toHaveAttribute('aria-disabled', 'false');
  await expect(page.getByTestId('player-pass')).toHaveAttribute('aria-disabled', 'false');
}

/** Drags the cover sideways with the mouse, as a swipe (right = Match, left = Pass). */
async function swipe(page: Page, direction: 'left' | 'right') {
  const box = await page.getByTestId('player-cover').boundingBox();
  if (!box) throw new Error('no cover to swipe');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + (direction === 'right' ? 160 : -160), y + 5, { steps: 8 });
  await page.mouse.up();
}

// Publishing runs every demo beat through the upload workflow (DNA test included): wait until six can
// be played, so each of five choices is followed by a beat not heard yet.
test.beforeAll(async ({ request }) => {
  test.setTimeout(600_000);
  await expect
    .poll(() => playableBeats(request), { timeout: 540_000, intervals: [3_000] })
    .toBeGreaterThanOrEqual(6);
});

test('a visitor swipes five beats with the keys and the mouse, matches two and finds them in the Match List', async ({
  page,
}) => {
  test.setTimeout(300_000);

  // The snippet route answers the audio bytes itself; wait for that answer (at the end of any redirect
  // chain that began at the route).
  const snippetResponse = page.waitForResponse((response) => {
    let first = response.request();
    for (let previous = first.redirectedFrom(); previous; previous = previous.redirectedFrom())
      first = previous;
    return first.url().includes('/api/beatmatch_beat_play_snippet') && response.status() < 300;
  });
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

  // Five beats swiped: Match (button), Pass (←), Match (→), Pass (button), Pass (mouse drag left).
  const swiped: string[] = [];
  const choose = async (how: () => Promise<void>, matches: number) => {
    const current = (await beatName.textContent()) ?? '';
    await choicesReady(page);
    await how();
    await expect(beatName).not.toHaveText(current);
    swiped.push(current);
    await expect(page.getByRole('link', { name: `Matches (${matches})` })).toBeVisible();
    // The next beat plays on its own after a choice.
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  };
  await choose(() => page.getByRole('button', { name: 'Match' }).click(), 1);
  await choose(() => page.keyboard.press('ArrowLeft'), 1);
  await choose(() => page.keyboard.press('ArrowRight'), 2);
  await choose(() => page.getByRole('button', { name: 'Pass' }).click(), 2);
  await choose(() => swipe(page, 'left'), 2);
  expect(swiped[0]).toBe(firstBeat);
  expect(new Set(swiped).size).toBe(5);
  const matched = [swiped[0]!, swiped[2]!];

  await page.getByRole('link', { name: 'Matches (2)' }).click();
  await expect(page).toHaveURL(/\/matchList$/);
  await expect(page.getByTestId('matchlist-count')).toHaveText('2 matches');
  const rows = page.getByTestId('match-row');
  await expect(rows).toHaveCount(2);
  // Newest first.
  await expect(rows.nth(0)).toContainText(matched[1]!);
  await expect(rows.nth(1)).toContainText(matched[0]!);
  for (const passed of [swiped[1]!, swiped[3]!, swiped[4]!])
    await expect(page.getByTestId('matchlist-page')).not.toContainText(passed);
  // A visitor has no plan: only 20 matches can be viewed.
  await expect(page.getByTestId('matchlist-limit')).toBeVisible();

  // The list survives a reload (kept on the server for this device).
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(firstBeat);
});

test('a signed-in user keeps lyrics on a match across a reload, and the 26th play of the day shows the limit', async ({
  page,
}) => {
  test.setTimeout(300_000);
  // A new user of their own (their day's plays are counted from zero), signed up and in through the
  // API: the page's request context shares the browser's cookies (session and device).
  await signUpAndLogIn(page.request, newTestUser('lyrics'));
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('signedIn', 'true'));

  // Play 1: the player's first beat.
  await page.goto('/user/matchmaker');
  const beatName = page.getByTestId('player-beat-name');
  await expect(beatName).toBeVisible({ timeout: 120_000 });
  const matched = (await beatName.textContent()) ?? '';
  await page.getByRole('button', { name: 'Play' }).click();
  await choicesReady(page);
  // Play 2: the beat that follows the Match.
  await page.keyboard.press('ArrowRight');
  await expect(beatName).not.toHaveText(matched);
  await expect(page.getByRole('link', { name: 'Matches (1)' })).toBeVisible();

  await page.getByRole('link', { name: 'Matches (1)' }).click();
  await expect(page).toHaveURL(/\/user\/matchlist$/);
  const row = page.getByTestId('match-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(matched);
  // Lyrics: written, autosaved 3 s after the last edit ('Saved'), kept across a reload.
  await row.getByRole('button', { name: 'Write Lyrics' }).click();
  const lyricsBox = page.getByLabel(`Lyrics for ${matched}`);
  await expect(lyricsBox).toBeEditable();
  const lyrics = `First verse for ${matched}\nHook: ${Date.now()}`;
  await lyricsBox.fill(lyrics);
  await expect(page.getByTestId('lyrics-save-state')).toHaveText('Saved', { timeout: 15_000 });
  await page.reload();
  await page.getByTestId('match-row').getByRole('button', { name: 'Write Lyrics' }).click();
  await expect(page.getByLabel(`Lyrics for ${matched}`)).toHaveValue(lyrics);

  // Plays 3 to 25 through the API (the same calls the player makes, in the browser's time zone), so the
  // next beat the player asks for is the 26th play of the user's day.
  const { csrfToken } = (await (await page.request.get('/api/csrf')).json()) as { csrfToken: string };
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  for (let play = 3; play <= 25; play++) {
    const response = await page.request.post('/api/beatmatch_beat_play', {
      data: { genre: null, musicalKey: null, tempo: null, timeZone },
      headers: { 'x-csrf-token': csrfToken },
    });
    expect({ play, status: response.status() }).toEqual({ play, status: 200 });
    expect(((await response.json()) as { beatId?: string }).beatId).toBeTruthy();
  }

  await page.goto('/user/matchmaker');
  const limit = page.getByTestId('player-overlimit');
  await expect(limit).toBeVisible({ timeout: 60_000 });
  // The spec's words (artist-side §8, player 'overlimit plays').
  await expect(limit).toContainText(
    '25 plays a day limit reached. Please upgrade to Marketplace Pro to have unlimited.',
  );
  await expect(limit.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/user/marketplace_pro');
  await expect(beatName).toHaveCount(0);
});
