/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { fakeGateway, Refusal, type GatewayCall } from '@beatmatch/frontend-common/testing/fakeGateway';
import { renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { AmbassadorProgram, CANNOT_COPY } from './AmbassadorProgram';

// The first render loads antd cold: on a busy machine that takes far longer than the default second.
configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(60_000);

const calls: GatewayCall[] = [];
let referralLink: () => unknown;
const writeText = jest.fn(async (_text: string) => undefined);

beforeEach(() => {
  calls.length = 0;
  writeText.mockClear();
  Object.assign(navigator, { clipboard: { writeText } });
  fakeGateway(() => ({ '/api/beatmatch_get_referral_link': () => referralLink() }), calls);
});

const page = () => renderPage(<AmbassadorProgram />, '/user/ambassadorProgram', { inApp: true });

describe('Ambassador Program (producer-side spec §2, §8)', () => {
  it('shows the sign-up link with the ref code and copies it', async () => {
    referralLink = () => ({ data: 'AMB2CODE' });
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
});
