import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { MAIL_CONSENT_MESSAGES } from '@beatmatch/contracts';
import { journeyApp } from './journeyApp';
import { newTestUser, signUpAndLogIn, type TestUser } from './accounts';

// Issue 26's admin journey: a user who is not an admin has no Admin entry in the menu and is refused
// (403) an admin call; an admin (granted by the command line's path) opens /user/admin from the menu,
// runs Fill username urls and Set Genre Filters (each confirmed, each ending with its result line),
// downloads the e-mail CSV (only the user who agreed to news mails in their account settings is in
// it), sends the V3 campaign (that user's mailbox has it once, even after the same campaign is sent
// again, and its unsubscribe link works), and the admin actions list who did what, with the outcome.
//
// It runs on its own app (payoutsApp.ts: the admin role is granted on the app's own database).

const PORT = Number(process.env.E2E_ADMIN_PORT ?? 8127);
const app = journeyApp('admin', PORT);

interface Mail {
  to: string;
  subject: string;
  text: string;
}

async function signedIn(browser: Browser, prefix: string): Promise<{ page: Page; user: TestUser }> {
  const context = await browser.newContext({ baseURL: app.url(), acceptDownloads: true });
  await context.addInitScript(() => window.localStorage.setItem('signedIn', 'true'));
  const user = newTestUser(prefix);
  await signUpAndLogIn(context.request, user);
  return { page: await context.newPage(), user };
}

/** A call through the gateway with the page's session, made by the page itself (CSRF token and all). */
const callFromPage = (page: Page, name: string) =>
  page.evaluate(async (call) => {
    const { csrfToken } = (await (await fetch('/api/csrf')).json()) as { csrfToken: string };
    const answer = await fetch(`/api/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
      body: '{}',
    });
    return { status: answer.status, body: (await answer.json()) as { roles?: string[] } };
  }, name);

/** The campaign's mails to one address in the app's dev mailbox (not their sign-up codes). */
const campaignMailsTo = async (page: Page, email: string, subject: string) =>
  ((await (await page.request.get('/dev/mailbox.json')).json()) as Mail[]).filter(
    (mail) => mail.to === email && mail.subject === subject,
  );

/**
 * Clicks a maintenance button, confirms in its Popconfirm ('Run'), waits until that confirmation has
 * faded out (while it fades, the next job's confirmation would be a second 'Run' button on the page:
 * a quick job's result line can appear first, and CI's busy machine once made that happen), and waits
 * for the job's result line.
 */
async function runJob(page: Page, button: Locator, result: RegExp) {
  const maintenance = page.locator('.ant-card').filter({ hasText: 'Maintenance' }).first();
  const line = maintenance.getByRole('status').filter({ hasText: result });
  const confirm = page.locator('.ant-popconfirm').getByRole('button', { name: 'Run' });
  await expect(confirm).toHaveCount(0);
  await button.click();
  await confirm.click();
  await expect(confirm).toHaveCount(0);
  await expect(line).toBeVisible({ timeout: 60_000 });
}

test('the admin page: only for admins; jobs, the e-mail CSV and a campaign mail only to who agreed; the audit list', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await signedIn(browser, 'adminj');
  const reader = await signedIn(browser, 'newsreader');
  const quiet = await signedIn(browser, 'quietone');
  await app.control({ grantAdmin: admin.user.email });
  // The gateway signs the roles a session lookup answers; a token it signed before may live 30 s more.
  await admin.page.goto('/user/account');
  await expect
    .poll(async () => (await callFromPage(admin.page, 'beatmatch_auth')).body.roles, { timeout: 60_000 })
    .toContain('admin');

  // Not an admin: no menu entry, and an admin call is refused.
  await quiet.page.goto('/user/account');
  const quietMenu = quiet.page.getByRole('navigation', { name: 'Side menu' });
  await expect(quietMenu.getByRole('link', { name: 'Upload Beats' })).toBeVisible();
  await expect(quietMenu.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  expect((await callFromPage(quiet.page, 'admin_actions')).status).toBe(403);
  expect((await callFromPage(quiet.page, 'fill_username_url')).status).toBe(403);

  // The reader agrees to news mails in account settings (the sign-up box left unticked).
  await reader.page.goto('/user/account');
  const news = reader.page.getByRole('switch', { name: MAIL_CONSENT_MESSAGES.agree });
  await expect(news).toBeEnabled();
  await expect(news).toHaveAttribute('aria-checked', 'false');
  await news.click();
  await expect(news).toHaveAttribute('aria-checked', 'true');

  // The admin opens the page from the menu.
  await admin.page.reload();
  await admin.page
    .getByRole('navigation', { name: 'Side menu' })
    .getByRole('link', { name: 'Admin' })
    .click();
  await expect(admin.page).toHaveURL(/\/user\/admin$/);
  const page = admin.page;
  await runJob(
    page,
    page.getByRole('button', { name: 'Fill username urls' }),
    /^Checked 3 producers: 3 store addresses\.$/,
  );
  await runJob(page, page.getByRole('button', { name: 'Set Genre Filters' }), /^Filter lists rebuilt: /);

  const downloading = page.waitForEvent('download');
  await page
    .getByRole('link', { name: 'Download e-mail CSV' })
    .or(page.getByRole('button', { name: 'Download e-mail CSV' }))
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^beatmatch-emails-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe('email,username,agreedAt');
  expect(csv.slice(1).map((row) => row.split(',').slice(0, 2).join(','))).toEqual([
    `"${reader.user.email}","${reader.user.username}"`,
  ]);

  const subject = `Beatmatch V3 ${Date.now().toString(36)}`;
  await page.getByLabel('Mail subject').fill(subject);
  await page.getByLabel('Mail text').fill('V3 is here: swipe, match, sell.');
  const send = page.getByRole('button', { name: 'send V3 email' });
  await runJob(page, send, /^Queued the mail for 1 user who agreed to news mails\.$/);
  await expect
    .poll(async () => (await campaignMailsTo(page, reader.user.email, subject)).length, { timeout: 30_000 })
    .toBe(1);
  // The same campaign sent again reaches nobody twice.
  await runJob(page, send, /^Queued the mail for 0 users who agreed to news mails\.$/);
  for (const who of [admin, quiet])
    expect(await campaignMailsTo(page, who.user.email, subject)).toHaveLength(0);
  await page.waitForTimeout(2_000);
  const [mail, ...more] = await campaignMailsTo(page, reader.user.email, subject);
  expect(more).toHaveLength(0);
  expect(mail!.subject).toBe(subject);

  const link = /(http\S+\/api\/mail_unsubscribe\?token=\S+)/.exec(mail!.text)![1]!;
  const unsubscribe = await browser.newPage();
  await unsubscribe.goto(link);
  await expect(unsubscribe.getByText(MAIL_CONSENT_MESSAGES.unsubscribed)).toBeVisible();
  await reader.page.reload();
  await expect(news).toHaveAttribute('aria-checked', 'false');

  // The audit list: who did what, and how it ended.
  const audit = page.locator('.ant-card').filter({ hasText: 'Admin actions' });
  await audit.getByRole('button', { name: 'Refresh' }).click();
  for (const action of ['fill_username_url', 'add_genres', 'emailCsv', 'send_v3_email']) {
    const row = audit
      .locator('tbody tr')
      .filter({ has: page.getByRole('cell', { name: action, exact: true }) });
    await expect(row.first()).toContainText(admin.user.email);
    await expect(row.first()).toContainText('succeeded (200)');
  }
});
