/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { fakeGateway, type GatewayCall } from '@beatmatch/frontend-common/testing/fakeGateway';
import { renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { AdminPage } from './AdminPage';

configure({ asyncUtilTimeout: 15_000 });

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

beforeEach(async () => {
  calls.length = 0;
  roles = ['admin'];
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

it('says what is missing for a button without a job, calling nothing', async () => {
  renderPage(<AdminPage />, '/user/admin', { inApp: true });
  fireEvent.click(await screen.findByRole('button', { name: 'Fill BeatTags' }));
  expect(
    await screen.findByText(/Not available yet: no resumable DNA re-tagging job exists \(issue 26/),
  ).toBeTruthy();
  expect(
    calls
      .map((call) => call.path)
      .filter((path) => path !== '/api/beatmatch_auth')
      .sort(),
  ).toEqual(['/api/admin_actions', '/api/admin_roles_list']);
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
