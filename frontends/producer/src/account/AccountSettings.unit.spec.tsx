/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeGateway, type GatewayCall } from '@beatmatch/frontend-common/testing/fakeGateway';
import { renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { AccountSettings } from './AccountSettings';

const calls: GatewayCall[] = [];
const none = { instagram: null, twitter: null, facebook: null, youtube: null, tiktok: null };

beforeEach(() => {
  calls.length = 0;
  fakeGateway(
    () => ({
      '/api/get_description': () => ({ description: 'Trap from Ohio' }),
      '/api/account_settings_get_profile_picture': () => ({
        bioPic: '/api/profile_picture_image?userId=u&v=1',
      }),
      '/api/update_description': (body) => ({ description: body.description }),
      '/api/account_settings_get_socials': () => none,
      '/api/account_settings_update_socials': (body) => ({
        ...none,
        [String(body.platform)]: { userName: body.userName, url: String(body.userName) },
      }),
      '/api/member_active_status': () => ({
        subscribed: true,
        lifer: false,
        paypal: false,
        plan: 'producer_unlimited',
      }),
    }),
    calls,
  );
});

const bodiesOf = (path: string) => calls.filter((call) => call.path === path).map((call) => call.body);

it('saves the bio only once it differs from the saved text', async () => {
  renderPage(<AccountSettings />, '/user/account', { inApp: true });
  const bio = await screen.findByRole('textbox', { name: 'Bio' });
  // Nothing can be typed before the saved bio arrives (it would replace what was typed).
  expect(bio.hasAttribute('disabled')).toBe(true);
  await waitFor(() => expect((bio as HTMLTextAreaElement).value).toBe('Trap from Ohio'));
  expect(bio.hasAttribute('disabled')).toBe(false);
  const saveBio = screen.getAllByRole('button', { name: 'Save' })[0]!;
  expect(saveBio.hasAttribute('disabled')).toBe(true);
  fireEvent.change(bio, { target: { value: 'Trap and drill from Ohio' } });
  expect(screen.getByText('24 / 300')).toBeTruthy();
  fireEvent.click(saveBio);
  await waitFor(() =>
    expect(bodiesOf('/api/update_description')).toEqual([{ description: 'Trap and drill from Ohio' }]),
  );
  await waitFor(() => expect(saveBio.hasAttribute('disabled')).toBe(true));
});

it('checks a Facebook link as the spec does before it can be saved', async () => {
  renderPage(<AccountSettings />, '/user/account', { inApp: true });
  const facebook = await screen.findByRole('textbox', { name: 'Facebook' });
  fireEvent.change(facebook, { target: { value: 'annbeats' } });
  expect(await screen.findByText('Link is invalid for Facebook. Please double check url.')).toBeTruthy();
  fireEvent.change(facebook, { target: { value: 'https://facebook.com/annbeats' } });
  await waitFor(() =>
    expect(screen.queryByText('Link is invalid for Facebook. Please double check url.')).toBeNull(),
  );
  const saves = screen.getAllByRole('button', { name: 'Save' });
  fireEvent.click(saves[1 + 2]!); // Bio's Save, then Instagram, X (Twitter), Facebook
  await waitFor(() =>
    expect(bodiesOf('/api/account_settings_update_socials')).toEqual([
      { platform: 'facebook', userName: 'https://facebook.com/annbeats' },
    ]),
  );
  expect(await screen.findByText('Unlimited')).toBeTruthy();
});

it('shows the saved picture and refuses a file that is not JPG or PNG with the spec’s message', async () => {
  renderPage(<AccountSettings />, '/user/account', { inApp: true });
  const avatar = await screen.findByAltText('Your profile picture');
  await waitFor(() => expect(avatar.getAttribute('src')).toBe('/api/profile_picture_image?userId=u&v=1'));
  const gif = new File(['GIF89a'], 'me.gif', { type: 'image/gif' });
  fireEvent.change(screen.getByLabelText('Profile picture'), { target: { files: [gif] } });
  expect(await screen.findByText('Only JPG and PNG files are allowed.')).toBeTruthy();
  expect(bodiesOf('/api/account_settings_upload_profile_picture')).toEqual([]);
});
