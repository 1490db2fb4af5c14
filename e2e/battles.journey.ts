import { expect, test, type Browser, type Page } from '@playwright/test';
import { soundOf } from '../apps/embedded/src/fixtures/world';
import { journeyApp } from './journeyApp';
import { newTestUser, signUpAndLogIn, type TestUser } from './accounts';

// Issue 26 item 3's browser journey: an admin (granted by the command line's path) opens a beat
// battle from /user/beatBattle; two producers each submit an MP3 from /user/submission (the beat
// battle upload path, published by the upload workflow, then entered); three listeners vote in
// /user/battleground, each hearing the two anonymous entries and choosing the second producer's;
// the admin closes the battle; the leaderboard ranks that beat first with three votes and three
// wins, and the winner's mail is in the dev mailbox.
//
// It runs on its own app (payoutsApp.ts: the admin role is granted on the app's own database).

const PORT = Number(process.env.E2E_BATTLES_PORT ?? 8125);
const THEME = `Night drive ${Date.now().toString(36)}`;

const app = journeyApp('battles', PORT);

async function signedIn(browser: Browser, prefix: string): Promise<{ page: Page; user: TestUser }> {
  const context = await browser.newContext({ baseURL: app.url() });
  await context.addInitScript(() => window.localStorage.setItem('signedIn', 'true'));
  const user = newTestUser(prefix);
  await signUpAndLogIn(context.request, user);
  return { page: await context.newPage(), user };
}

/** The signed-in user's roles, as the session lookup answers them. */
async function rolesOf(page: Page) {
  const { csrfToken } = (await (await page.request.get('/api/csrf')).json()) as { csrfToken: string };
  const response = await page.request.post('/api/beatmatch_auth', {
    data: {},
    headers: { 'x-csrf-token': csrfToken },
  });
  return ((await response.json()) as { roles?: string[] }).roles ?? [];
}

/** datetime-local's value for a time `hours` from now, in the browser's (and this process's) zone. */
function localInput(hours: number) {
  const at = new Date(Date.now() + hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

async function submitEntry(page: Page, beatName: string, mp3: Buffer) {
  await page.goto('/user/submission');
  await expect(page.getByText(`Enter "${THEME}"`)).toBeVisible();
  await page.getByLabel('Beat name').fill(beatName);
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: `${beatName}.mp3`, mimeType: 'audio/mpeg', buffer: mp3 });
  await page.getByRole('button', { name: 'Submit' }).click();
  // The upload workflow checks and analyses the MP3 before the catalog publishes it.
  await expect(page.getByText(`Your beat "${beatName}" is in "${THEME}".`)).toBeVisible({ timeout: 120_000 });
}

/** A listener plays both anonymous entries and chooses the one whose MP3 is `favourite`. */
async function vote(page: Page, favourite: Buffer) {
  await page.goto('/user/battleground');
  const cards = page.getByTestId('battle-pair').locator('.ant-card');
  await expect(cards).toHaveCount(2);
  let chosen = -1;
  for (const side of [0, 1]) {
    const label = side === 0 ? 'Beat A' : 'Beat B';
    await page.getByRole('button', { name: `Play ${label}` }).click();
    const src = await cards.nth(side).locator('audio').getAttribute('src');
    const heard = await (await page.request.get(src!)).body();
    if (Buffer.compare(heard, favourite) === 0) chosen = side;
  }
  expect(chosen).toBeGreaterThanOrEqual(0);
  await page.getByRole('button', { name: chosen === 0 ? 'Choose Beat A' : 'Choose Beat B' }).click();
  await expect(page.getByText('You have voted on every pair you can. Check the leaderboard!')).toBeVisible();
}

test('an admin opens a battle, two producers enter, three listeners vote, the admin closes it: leaderboard and winner mail', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const admin = await signedIn(browser, 'battleadmin');
  await app.control({ grantAdmin: admin.user.email });
  // The gateway signs the roles a session lookup answers; a token it signed before may live 30 s more.
  await expect.poll(() => rolesOf(admin.page), { timeout: 60_000 }).toContain('admin');

  await admin.page.goto('/user/beatBattle');
  const form = admin.page.getByTestId('open-battle');
  await form.getByLabel('Theme').fill(THEME);
  await form.getByLabel('Rules of this battle').fill('Original beats only.');
  await form.getByLabel('Entries close').fill(localInput(1));
  await form.getByLabel('Voting closes').fill(localInput(2));
  await form.getByRole('button', { name: 'Open a battle' }).click();
  await expect(admin.page.getByTestId('battle-summary').getByText(THEME)).toBeVisible();

  const first = soundOf(31).mp3;
  const second = soundOf(47).mp3;
  const producer1 = await signedIn(browser, 'battlep1');
  await submitEntry(producer1.page, 'First Light', first);
  const producer2 = await signedIn(browser, 'battlep2');
  await submitEntry(producer2.page, 'Midnight Run', second);

  for (const n of [1, 2, 3]) await vote((await signedIn(browser, `battlel${n}`)).page, second);

  await admin.page.reload();
  const summary = admin.page.getByTestId('battle-summary');
  await expect(summary.getByText('Votes', { exact: true })).toBeVisible();
  // The admin's own button in the battle's card, then the confirmation's (antd's Popconfirm) OK.
  const confirm = admin.page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: 'Close battle', exact: true });
  await expect(async () => {
    await summary.getByRole('button', { name: 'Close battle', exact: true }).click();
    await expect(confirm).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await confirm.click();
  await expect(admin.page.getByTestId('battle-winner')).toHaveText(
    `Midnight Run by ${producer2.user.username}`,
  );

  await producer1.page.goto('/user/leaderboard');
  const rows = producer1.page.getByTestId('leaderboard').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Midnight Run');
  await expect(rows.nth(0).locator('td').nth(4)).toHaveText('3');
  await expect(rows.nth(0).locator('td').nth(5)).toHaveText('3');
  await expect(rows.nth(1)).toContainText('First Light');
  await expect(rows.nth(1).locator('td').nth(5)).toHaveText('0');

  await expect
    .poll(
      async () => {
        const mails = (await (await admin.page.request.get('/dev/mailbox.json')).json()) as {
          to: string;
          subject: string;
        }[];
        return mails.find((mail) => mail.to === producer2.user.email)?.subject;
      },
      { timeout: 60_000 },
    )
    .toBe(`You won the beat battle "${THEME}"!`);
});
