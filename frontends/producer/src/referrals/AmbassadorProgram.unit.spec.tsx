/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { fakeGateway, Refusal, type GatewayCall } from '@beatmatch/frontend-common/testing/fakeGateway';
import { renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AmbassadorProgram, CANNOT_COPY } from './AmbassadorProgram';
import { CANNOT_LOAD_GRAPH } from './KickbackStats';
import { APPLICATION_SENT } from './PerksPanel';

// The first render loads antd cold: on a busy machine that takes far longer than the default second.
jest.setTimeout(60_000);

const calls: GatewayCall[] = [];
let referralLink: () => unknown;
let referralData: () => unknown;
let rewardMonths: () => unknown;
const writeText = jest.fn(async (_text: string) => undefined);
const months = [
  { month: '2026-12', active: 12, affiliate: '6.00', revShare: '9.60', total: '15.60', final: false },
  { month: '2026-11', active: 10, affiliate: '5.00', revShare: '8.00', total: '13.00', final: true },
];

beforeEach(() => {
  calls.length = 0;
  writeText.mockClear();
  Object.assign(navigator, { clipboard: { writeText } });
  referralLink = () => ({ data: 'AMB2CODE' });
  referralData = () => ({ total: 3, signUps: 7, isAmbassador: false, kickback: '1.50' });
  rewardMonths = () => ({ months });
  fakeGateway(
    () => ({
      '/api/beatmatch_get_referral_link': () => referralLink(),
      '/api/beatmatch_referral_data': () => referralData(),
      '/api/referral_rewards': () => rewardMonths(),
      '/api/referral_ambassador_apply': () => ({ status: 'pending' }),
    }),
    calls,
  );
});

const page = () => renderPage(<AmbassadorProgram />, '/user/ambassadorProgram', { inApp: true });

describe('Ambassador Program (producer-side spec §2, §8)', () => {
  it('shows the sign-up link with the ref code and copies it', async () => {
    page();
    expect(await screen.findByText('Loading your dashboard')).toBeTruthy();
    const field = (await screen.findByLabelText('Your referral link')) as HTMLInputElement;
    expect(field.value).toBe(`${window.location.origin}/signup?ref=AMB2CODE`);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/signup?ref=AMB2CODE`),
    );
  });

  it("says 'Cannot copy…' when there is no link", async () => {
    referralLink = () => {
      throw new Refusal(500, 'down');
    };
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(CANNOT_COPY)).toBeTruthy();
    expect(writeText).not.toHaveBeenCalled();
  });

  it("shows Active and Inactive sub-affiliates and this month's kickback, in the browser's zone", async () => {
    page();
    const subAffiliates = (await screen.findByText('Sub-Affiliates')).closest('.ant-card') as HTMLElement;
    expect(within(subAffiliates).getByText('3')).toBeTruthy();
    expect(within(subAffiliates).getByText('7')).toBeTruthy();
    expect(await screen.findByText('$1.50')).toBeTruthy();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const asked = calls.find((call) => call.path === '/api/beatmatch_referral_data');
    expect(asked?.body).toEqual({ timeZone: zone });
  });

  it('offers a non-ambassador the perks and an application that lands in the queue', async () => {
    page();
    fireEvent.click(await screen.findByText('Become an ambassador'));
    expect(await screen.findByText('View program details')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Apply Now' }));
    fireEvent.change(await screen.findByLabelText('How would you promote Beatmatch?'), {
      target: { value: 'I run a beat forum' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText(APPLICATION_SENT)).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/referral_ambassador_apply')?.body).toEqual({
      message: 'I run a beat forum',
    });
    expect(screen.queryByText('Rev Share')).toBeNull();
  });

  it('shows an ambassador the Rev Share card: the tiers and the progress to the next level', async () => {
    referralData = () => ({ total: 50, signUps: 4, isAmbassador: true, kickback: '40.00' });
    page();
    const card = (await screen.findByText('Rev Share')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('15%', { selector: 'strong' })).toBeTruthy();
    expect(within(card).getByText('below 50')).toBeTruthy();
    expect(within(card).getByText('50 to 99')).toBeTruthy();
    expect(within(card).getByText('100 or more')).toBeTruthy();
    expect(within(card).getByText('50 of 101 active sub-affiliates for the next level')).toBeTruthy();
    expect(screen.queryByText('Become an ambassador')).toBeNull();
  });

  it('draws Kickback Stats from the real months, or says it cannot load the graph', async () => {
    page();
    expect(await screen.findByRole('img', { name: 'Nov 26: $13.00' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Dec 26: $15.60 so far' })).toBeTruthy();
  });

  it("says 'Can not load graph' when the months fail to load", async () => {
    rewardMonths = () => {
      throw new Refusal(500, 'down');
    };
    page();
    expect(await screen.findByText(CANNOT_LOAD_GRAPH)).toBeTruthy();
  });
});
