/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { fireEvent, screen } from '@testing-library/react';
import { fakeGateway, type GatewayCall } from '@beatmatch/frontend-common/testing/fakeGateway';
import { renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { MaintenanceJobs } from '../MaintenanceJobs';

jest.setTimeout(60_000);

const calls: GatewayCall[] = [];

beforeEach(() => {
  calls.length = 0;
  fakeGateway(
    () => ({
      '/api/populate_referral_payouts': () => ({ month: '2026-11', referrers: 1, rewards: 2, total: '0.90' }),
    }),
    calls,
  );
});

// The maintenance page's button once said 'Not available yet' (the admin page's rework dropped the
// referral run), so the admin could not run the month by hand and no confirmation ever opened.
it("'Populate referral total table' on the maintenance card asks to confirm, then runs the referral run", async () => {
  renderPage(<MaintenanceJobs onDone={() => {}} />, '/user/admin', { inApp: true });
  fireEvent.click(await screen.findByRole('button', { name: 'Populate referral total table' }));
  expect(
    await screen.findByText(
      "Run last month's referral run now? Rewards already posted are not posted again.",
    ),
  ).toBeTruthy();
  expect(calls.map((call) => call.path)).not.toContain('/api/populate_referral_payouts');
  fireEvent.click(await screen.findByRole('button', { name: 'Run' }));
  expect(
    await screen.findByText('Referral run 2026-11: 1 referrer checked, 2 rewards posted, $0.90.'),
  ).toBeTruthy();
  expect(calls.filter((call) => call.path === '/api/populate_referral_payouts')).toHaveLength(1);
});
