/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import type { PackView } from '@beatmatch/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeGateway, Refusal, type GatewayCall } from '@beatmatch/frontend-common/testing/fakeGateway';
import { renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { SharedPacks } from './SharedPacks';

const ACCESS = 'viewer-token-of-at-least-twenty-characters';
const calls: GatewayCall[] = [];
const beat = (beatId: string, beatName: string) => ({
  id: beatId,
  beatId,
  beatName,
  coverArtUrl: null,
  isPrivate: false,
  downloadMp3: 1 as const,
  downloadStems: 0 as const,
  audioSrc: null,
  firstDatePackage: '25.00',
  relationshipPackage: '40.00',
  marriagePackage: '-',
});
const view: PackView = {
  name: 'For labels',
  producer: 'ann',
  producerId: 'ann-id',
  beats: 2,
  isPrivate: true,
  signedIn: false,
  beatList: [beat('b1', 'Night Drive'), beat('b2', 'Unreleased')],
};

beforeEach(() => {
  calls.length = 0;
  sessionStorage.clear();
  window.open = jest.fn() as unknown as typeof window.open;
  fakeGateway(
    () => ({
      '/api/isPackPublicOrPrivate': () => ({ isPrivate: true }),
      '/api/privatePackSignIn': (body) => {
        if (body.step === 1) return { step: 1, message: 'sent' };
        if (body.code !== '123456')
          throw new Refusal(400, 'That code is not right. Please check your email and try again.');
        return { step: 2, access: ACCESS, expiresAt: '2026-11-26T10:00:00.000Z' };
      },
      '/api/get_pack_downloadable': () => ({ url: 'https://blobs.test/signed.mp3' }),
      '/api/getPackList': () => ({ data: [] }),
    }),
    calls,
  );
  // GET calls carry their request in the address.
  const post = globalThis.fetch;
  globalThis.fetch = (async (input: string, init?: RequestInit) => {
    if (input.startsWith('/api/getPrivateBeatPackFromId?')) {
      calls.push({ path: input, body: {} });
      const shared = input.includes(`access=${ACCESS}`);
      return {
        ok: shared,
        status: shared ? 200 : 404,
        text: async () => JSON.stringify(shared ? view : { message: 'Beat pack not found.' }),
      };
    }
    if (input.startsWith('/api/getPackList')) return post('/api/getPackList', init);
    return post(input, init);
  }) as unknown as typeof fetch;
});

it('asks a signed-out visitor to verify their e-mail, then shows the pack with the downloads granted', async () => {
  renderPage(<SharedPacks />, '/packs?id=u1', { inApp: true });
  expect(await screen.findByText('Verify Your Email')).toBeTruthy();
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
    target: { value: 'artist@example.com' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
  const codeField = await screen.findByRole('textbox', { name: 'Verification code' });
  fireEvent.change(codeField, { target: { value: '000000' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  expect(
    await screen.findByText('That code is not right. Please check your email and try again.'),
  ).toBeTruthy();
  fireEvent.change(codeField, { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

  expect(await screen.findByText('Created by ann')).toBeTruthy();
  expect(screen.getByText('2 beats')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Stems' })).toBeNull();
  fireEvent.click(screen.getAllByRole('button', { name: 'MP3' })[0]!);
  await waitFor(() =>
    expect(window.open).toHaveBeenCalledWith('https://blobs.test/signed.mp3', '_blank', 'noopener'),
  );
  expect(calls.find((call) => call.path === '/api/get_pack_downloadable')?.body).toEqual({
    downloadable: 'mp3',
    beatId: 'b1',
    urlId: 'u1',
    access: ACCESS,
  });
  // No back button for a visitor who is not signed in.
  expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
});

it('says so when no pack has been shared', async () => {
  renderPage(<SharedPacks />, '/packs', { inApp: true });
  expect(await screen.findByText('No Beat Packs have been shared with you')).toBeTruthy();
});
