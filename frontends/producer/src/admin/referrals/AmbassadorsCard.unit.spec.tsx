/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeGateway, type GatewayCall } from '@beatmatch/frontend-common/testing/fakeGateway';
import { renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { AmbassadorsCard } from './AmbassadorsCard';
import { populateReferralTotalJob } from './referralJob';

jest.setTimeout(60_000);

const calls: GatewayCall[] = [];
const bo = { userId: 'u-2', email: 'bo@beatmatch.test', userName: 'bo' };
const application = { ...bo, message: 'I run a beat forum', appliedAt: '2026-11-20T10:00:00.000Z' };

beforeEach(() => {
  calls.length = 0;
  fakeGateway(
    () => ({
      '/api/referral_ambassadors': () => ({ ambassadors: [], applications: [application] }),
      '/api/referral_ambassador_grant': () => ({
        ambassadors: [{ ...bo, since: '2026-11-21T10:00:00.000Z' }],
        applications: [],
      }),
      '/api/populate_referral_payouts': () => ({ month: '2026-10', referrers: 4, rewards: 5, total: '3.30' }),
    }),
    calls,
  );
});

it('lists the applications once opened, and grants the role from the queue after a confirmation', async () => {
  const onDone = jest.fn();
  renderPage(<AmbassadorsCard onDone={onDone} />, '/user/admin', { inApp: true });
  expect(calls).toEqual([]);
  fireEvent.click(await screen.findByText('Ambassadors'));
  expect(await screen.findByText('I run a beat forum')).toBeTruthy();
  fireEvent.click(screen.getAllByRole('button', { name: 'Grant' })[0]!);
  fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
  expect(await screen.findByText('bo@beatmatch.test is an ambassador.')).toBeTruthy();
  expect(calls.find((call) => call.path === '/api/referral_ambassador_grant')?.body).toEqual({
    email: 'bo@beatmatch.test',
  });
  await waitFor(() => expect(onDone).toHaveBeenCalled());
});

it("'Populate referral total table' runs the referral run and says what it posted", async () => {
  expect(await populateReferralTotalJob.run()).toBe(
    'Referral run 2026-10: 4 referrers checked, 5 rewards posted, $3.30.',
  );
  expect(calls.map((call) => call.path)).toContain('/api/populate_referral_payouts');
});
