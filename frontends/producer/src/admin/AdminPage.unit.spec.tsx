/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { fakeGateway, type GatewayCall } from '@beatmatch/frontend-common/testing/fakeGateway';
import { renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { AdminPage } from './AdminPage';

const calls: GatewayCall[] = [];
const ann = {
  userId: 'u-1',
  email: 'ann@beatmatch.test',
  userName: 'ann',
  grantedBy: 'command line',
  grantedAt: '2026-11-01T00:00:00.000Z',
};
const run = { month: '2026-10', payouts: 3, gross: '120.00', fee: '6.00' };
let roles: string[] = ['admin'];
const JOB_ID = '6f1c2c8e-5b0e-4a51-9d8b-0a1b2c3d4e5f';
const job = (done: number, total: number, result: string | null = null) => ({
  jobId: JOB_ID,
  job: 'fill_beat_tags',
  state: result ? 'succeeded' : 'running',
  done,
  total,
  result,
  startedAt: '2026-11-02T10:00:00.000Z',
  finishedAt: result ? '2026-11-02T10:05:00.000Z' : null,
});
let progress: ReturnType<typeof job>[] = [];

beforeEach(async () => {
  calls.length = 0;
  roles = ['admin'];
  progress = [job(0, 0), job(20, 50), job(50, 50, 'Tagged 50 beats from their DNA.')];
  fakeGateway(
    () => ({
      '/api/beatmatch_auth': () => ({ userName: 'ann', userId: ann.userId, email: ann.email, roles }),
      '/api/admin_roles_list': () => ({ admins: [ann] }),
      '/api/admin_roles_grant': (body) => ({
        admins: [ann, { ...ann, userId: 'u-2', email: String(body.email) }],
      }),
      '/api/admin_actions': () => ({
        actions: [
          {
            at: '2026-11-02T10:00:00.000Z',
            by: ann.email,
            action: 'populate_payouts',
            status: 200,
            outcome: 'succeeded',
            detail: '',
          },
        ],
      }),
      '/api/populate_payouts': () => run,
      '/api/pay_payouts': () => run,
      '/api/payout_exclude_intercash': (body) => ({ exclude: Boolean(body.exclude) }),
      '/api/removeInactiveBeats': (body) => ({ remove: Boolean(body.remove) }),
      '/api/fill_beat_tags': () => ({ jobId: JOB_ID }),
      '/api/send_v3_email': () => ({ jobId: JOB_ID }),
      '/api/catalog_admin_job': () => progress.shift() ?? progress[0],
      '/api/identity_admin_job': () => ({
        ...job(1, 1, 'Queued the mail for 1 user who agreed to news mails.'),
        job: 'send_v3_email',
      }),
    }),
    calls,
  );
  await act(async () => void (await beatmatchSdk().session.refresh()));
});

it('tells someone without the role that the page is for administrators, and calls nothing', async () => {
  roles = [];
  await act(async () => void (await beatmatchSdk().session.refresh()));
  calls.length = 0;
  renderPage(<AdminPage />, '/user/admin', { inApp: true });
  expect(await screen.findByText('This is for administrators only.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Monthly Payouts' })).toBeNull();
  expect(calls.map((call) => call.path)).toEqual([]);
});

const called = (path: string) => calls.filter((call) => call.path === path);
const confirm = async (okText: string) =>
  fireEvent.click(await screen.findByRole('button', { name: okText }));

it('runs Monthly Payouts only after a confirmation, and shows its result line', async () => {
  renderPage(<AdminPage />, '/user/admin', { inApp: true });
  fireEvent.click(await screen.findByRole('button', { name: 'Monthly Payouts' }));
  expect(await screen.findByText("Close last month and compute each producer's payouts?")).toBeTruthy();
  expect(called('/api/populate_payouts')).toHaveLength(0);
  await confirm('Run');
  expect(await screen.findByText('Computed 2026-10: 3 payouts, $120.00 gross, $6.00 fees.')).toBeTruthy();
  expect(called('/api/populate_payouts')).toHaveLength(1);
});

it('runs Fill BeatTags after a confirmation, shows its progress bar, then its result line', async () => {
  renderPage(<AdminPage />, '/user/admin', { inApp: true });
  fireEvent.click(await screen.findByRole('button', { name: 'Fill BeatTags' }));
  expect(
    await screen.findByText("Re-run DNA tagging over every beat's audio? This takes a while."),
  ).toBeTruthy();
  expect(called('/api/fill_beat_tags')).toHaveLength(0);
  await confirm('Run');
  expect(await screen.findByLabelText('20 of 50')).toBeTruthy();
  expect(await screen.findByText('Tagged 50 beats from their DNA.')).toBeTruthy();
  expect(screen.queryByLabelText('50 of 50')).toBeNull();
  expect(called('/api/fill_beat_tags')).toHaveLength(1);
  expect(called('/api/catalog_admin_job').map((call) => call.body)).toEqual(
    Array.from({ length: 3 }, () => ({ jobId: JOB_ID })),
  );
});

it('does not download the e-mail CSV on opening the page, only from its button', async () => {
  renderPage(<AdminPage />, '/user/admin', { inApp: true });
  const download = await screen.findByRole('link', { name: 'Download e-mail CSV' });
  expect(download.getAttribute('href')).toBe('/api/emailCsv');
  expect(calls.map((call) => call.path)).not.toContain('/api/emailCsv');
});

it('mails a campaign with its subject and text after a confirmation', async () => {
  renderPage(<AdminPage />, '/user/admin', { inApp: true });
  fireEvent.change(await screen.findByRole('textbox', { name: 'Mail subject' }), { target: { value: 'V3' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Mail text' }), { target: { value: 'V3 is here.' } });
  fireEvent.click(screen.getByRole('button', { name: 'send V3 email' }));
  await confirm('Run');
  expect(await screen.findByText('Queued the mail for 1 user who agreed to news mails.')).toBeTruthy();
  expect(called('/api/send_v3_email').map((call) => call.body)).toEqual([
    { subject: 'V3', body: 'V3 is here.' },
  ]);
});

it('toggles Remove Inactive Beats after a confirmation', async () => {
  renderPage(<AdminPage />, '/user/admin', { inApp: true });
  fireEvent.click(await screen.findByRole('switch', { name: 'Remove Inactive Beats' }));
  await confirm('Yes');
  expect(
    await screen.findByText('Inactive beats are left out of the filters and rankings from their next fill.'),
  ).toBeTruthy();
  expect(called('/api/removeInactiveBeats').map((call) => call.body)).toEqual([{ remove: true }]);
});

it('lists the admins and the admin actions, and grants the role after a confirmation', async () => {
  renderPage(<AdminPage />, '/user/admin', { inApp: true });
  expect(await screen.findByText(/ann@beatmatch\.test — granted by command line/)).toBeTruthy();
  expect(await screen.findByText('populate_payouts')).toBeTruthy();
  expect(screen.getByText('succeeded (200)')).toBeTruthy();
  fireEvent.change(screen.getByRole('textbox', { name: 'Admin e-mail' }), {
    target: { value: 'bob@beatmatch.test' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Grant' }));
  await confirm('Yes, grant');
  expect(await screen.findByText('bob@beatmatch.test is an admin.')).toBeTruthy();
  await waitFor(() =>
    expect(called('/api/admin_roles_grant').map((call) => call.body)).toEqual([
      { email: 'bob@beatmatch.test' },
    ]),
  );
});

it('excludes prepaid cards after a confirmation', async () => {
  renderPage(<AdminPage />, '/user/admin', { inApp: true });
  fireEvent.click(await screen.findByRole('switch', { name: 'Exclude prepaid cards' }));
  await confirm('Yes');
  expect(await screen.findByText('Prepaid cards are left out of the runs.')).toBeTruthy();
  expect(called('/api/payout_exclude_intercash').map((call) => call.body)).toEqual([{ exclude: true }]);
});
