// Reference-track searches (issue 25 items 3-6) in the browser: a new artist meets 'Action Needed' on
// the public page and 'No Access' without a plan, takes Unlimited, then finds beats from a video link
// (a local media site read by yt-dlp), from a Spotify track (a stand-in of Spotify's Web API) and from
// an uploaded MP3 (My Sound Analyzer). Each track says it is processing until the page finds it done.
import { expect, test, type Page } from '@playwright/test';
import { newTestUser, signUpAndLogIn } from './accounts';
import { REFERENCE_STAND_IN_PORT } from './referenceStandIns';
import {
  REFERENCE_MP3,
  startStandIns,
  type StandIns,
} from '../services/matchmaker/src/discovery/reference/testing/standIns';

let standIns: StandIns;
test.beforeAll(async () => {
  standIns = await startStandIns(REFERENCE_STAND_IN_PORT);
});
test.afterAll(() => standIns?.close());

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/reference-${name}.png`, fullPage: true });

/** The one track of a list: processing first, then View Matches opens its match cards and Close List shuts them. */
async function matchesOfTrack(page: Page, title: string | RegExp) {
  const track = page.getByTestId('reference-track').filter({ hasText: title });
  await expect(track).toBeVisible();
  const view = track.getByRole('button', { name: /View Matches|Close List/ });
  await expect(view).toBeEnabled({ timeout: 90_000 });
  if ((await view.textContent())?.includes('View Matches')) await view.click();
  await expect(track.getByTestId('match-card').first()).toBeVisible();
  await track.getByRole('button', { name: 'Close List' }).click();
  await expect(track.getByTestId('match-card')).toHaveCount(0);
  await expect(track.getByRole('button', { name: 'View Matches' })).toBeVisible();
}

test('video link, Spotify track and My Sound upload find beats by plan', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/mySoundAnalyzer');
  // The artist remote loads on first use: under load that takes a while.
  await expect(page.getByText('Action Needed')).toBeVisible({ timeout: 90_000 });

  await signUpAndLogIn(page.request, newTestUser('reference'));
  await page.evaluate(() => localStorage.setItem('signedIn', 'true'));
  await page.goto('/user/youtubeSearch');
  await expect(page.getByText('No Access')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('link', { name: 'Subscribe Here' })).toHaveAttribute(
    'href',
    '/user/marketplace_pro',
  );

  await page.goto('/user/marketplace_pro');
  await page.getByRole('button', { name: /Subscribe to Unlimited/ }).click();
  const payment = page.getByRole('dialog', { name: 'Payment' });
  await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByRole('button', { name: /\bPay\b/ }).click();
  await expect(page.getByTestId('subscribed')).toContainText('Subscribed');

  // YouTube Search: a link that is no video is refused with its reason; a song's link is analysed.
  await expect(async () => {
    await page.goto('/user/youtubeSearch');
    await expect(page.getByLabel('Track title')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByLabel('Track title').fill('Notes');
  await page.getByLabel('YouTube URL').fill(`${standIns.base}/notes.txt`);
  await page.getByRole('button', { name: 'Search' }).click();
  // yt-dlp reads each link in the call: seconds on an idle machine, more under load.
  await expect(page.getByText('That link is not a video. Please check the YouTube URL.')).toBeVisible({
    timeout: 60_000,
  });
  await page.getByLabel('Track title').fill('My Reference');
  await page.getByLabel('YouTube URL').fill(`${standIns.base}/song.mp3`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Processing… refresh in a few minutes.')).toBeVisible({ timeout: 60_000 });
  await shot(page, 'youtube-processing');
  await matchesOfTrack(page, 'My Reference');

  // Spotify Search: suggestions after a pause (song, artist, cover), a pick analysed into matches.
  await page.goto('/user/spotifySearch');
  await page.getByRole('combobox', { name: 'Search a Spotify Track' }).fill('minor');
  const suggestion = page.getByTestId('spotify-suggestion').filter({ hasText: 'Minor Groove' });
  await expect(suggestion).toContainText('Test Artist', { timeout: 30_000 });
  await suggestion.click();
  await expect(page.getByTestId('reference-track')).toContainText('Minor Groove – Test Artist', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('match-card').first()).toBeVisible({ timeout: 90_000 });
  await shot(page, 'spotify-matches');

  // My Sound Analyzer: an empty list opens the upload view; an MP3 goes through the catalog's upload.
  await page.goto('/user/mySoundAnalyzer');
  const upload = page.getByTestId('my-sound-upload');
  await expect(upload).toBeVisible({ timeout: 30_000 });
  await upload
    .getByLabel('MP3')
    .setInputFiles({ name: 'demo.mp3', mimeType: 'audio/mpeg', buffer: REFERENCE_MP3 });
  await upload.getByLabel('Song name').fill('My Demo');
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Uploaded My Demo successfully')).toBeVisible({ timeout: 60_000 });
  await matchesOfTrack(page, 'My Demo');
  await shot(page, 'my-sound');
});
