/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { fakeGateway, Refusal, type GatewayCall } from '@beatmatch/frontend-common/testing/fakeGateway';
import { renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { screen } from '@testing-library/react';
import { CANNOT_LOAD_REWARDS, ReferralRewards } from './ReferralRewards';

jest.setTimeout(60_000);

const calls: GatewayCall[] = [];
let answer: () => unknown;
beforeEach(() => {
  calls.length = 0;
  fakeGateway(() => ({ '/api/referral_rewards': () => answer() }), calls);
});
const page = () => renderPage(<ReferralRewards />, '/user/referralRewards', { inApp: true });

describe('Referral Rewards (/user/referralRewards): the month-by-month statement', () => {
  it('lists the running month so far and every month the run credited', async () => {
    answer = () => ({
      months: [
        { month: '2026-12', active: 2, affiliate: '1.00', revShare: '0.00', total: '1.00', final: false },
        { month: '2026-11', active: 1, affiliate: '0.50', revShare: '0.80', total: '1.30', final: true },
      ],
    });
    page();
    expect(await screen.findByText('2026-12 (so far)')).toBeTruthy();
    expect(screen.getByText('2026-11')).toBeTruthy();
    expect(screen.getByText('$1.30')).toBeTruthy();
    expect(screen.getByText('$0.80')).toBeTruthy();
  });

  it('says so when the statement cannot be loaded', async () => {
    answer = () => {
      throw new Refusal(500, 'down');
    };
    page();
    expect(await screen.findByText(CANNOT_LOAD_REWARDS)).toBeTruthy();
  });
});
