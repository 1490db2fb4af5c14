/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { MAIL_CONSENT_MESSAGES } from '@beatmatch/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeGateway, type GatewayCall } from '@beatmatch/frontend-common/testing/fakeGateway';
import { renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { NewsMailCard } from './NewsMailCard';

const calls: GatewayCall[] = [];
let agreed = false;

beforeEach(() => {
  calls.length = 0;
  agreed = false;
  fakeGateway(
    () => ({
      '/api/mail_consent_get': () => ({ agreed }),
      '/api/mail_consent_set': (body) => {
        agreed = body.agreed === true;
        return { agreed };
      },
    }),
    calls,
  );
});

const newsSwitch = () => screen.findByRole('switch', { name: MAIL_CONSENT_MESSAGES.agree });
const isOn = (element: HTMLElement) => element.getAttribute('aria-checked') === 'true';

it('shows the saved consent, then agrees and withdraws through mail_consent_set', async () => {
  renderPage(<NewsMailCard />, '/user/account', { inApp: true });
  const toggle = await newsSwitch();
  await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
  expect(isOn(toggle)).toBe(false);

  fireEvent.click(toggle);
  await waitFor(() => expect(isOn(toggle)).toBe(true));
  expect(await screen.findByText('You will get Beatmatch news mails.')).toBeTruthy();
  fireEvent.click(toggle);
  await waitFor(() => expect(isOn(toggle)).toBe(false));
  expect(calls.filter((call) => call.path === '/api/mail_consent_set').map((call) => call.body)).toEqual([
    { agreed: true },
    { agreed: false },
  ]);
});

it('starts on when the user agreed before (at sign-up or here)', async () => {
  agreed = true;
  renderPage(<NewsMailCard />, '/user/account', { inApp: true });
  const toggle = await newsSwitch();
  await waitFor(() => expect(isOn(toggle)).toBe(true));
});
