/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import type { LabBeat } from '@beatmatch/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeGateway, type GatewayCall } from '@beatmatch/frontend-common/testing/fakeGateway';
import { renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { StorePage } from './StorePage';

const calls: GatewayCall[] = [];
const beat = (beatId: string, beatName: string, genre: string): LabBeat => ({
  beatId,
  beatName,
  producerName: 'ann',
  userId: 'ann-id',
  coverArtUrl: null,
  audioSrc: null,
  beatTags: { genreTags: [genre], subgenreTags: [], moodTags: [] },
  firstDatePackage: '25.00',
  relationshipPackage: '40.00',
  marriagePackage: '-',
});
let found = true;

beforeEach(() => {
  calls.length = 0;
  found = true;
  fakeGateway(
    () => ({
      '/api/get_public_profile': () => ({
        username: found ? 'ann' : null,
        description: '',
        profilePic: '/api/profile_picture_image?userId=ann-id&v=1',
        socialMedias: [{ platform: 'tiktok', username: 'ann', url: 'https://www.tiktok.com/@ann' }],
      }),
      '/api/beatmatch_lab': () => ({
        beats: [beat('b1', 'Night Drive', 'trap'), beat('b2', 'Sunny', 'pop')],
      }),
      '/api/update_to_cart': (body) => ({
        message: 'added',
        cart: [
          {
            beatId: body.beatId,
            beatPackage: body.beatPackage,
            beatName: 'Sunny',
            beatPrice: '25.00',
            producerName: 'ann',
          },
        ],
      }),
    }),
    calls,
  );
});

it('shows the header card, filters by genre and adds a beat to the cart', async () => {
  renderPage(<StorePage />, '/lab/ann-id', { inApp: true });
  expect(await screen.findByText('Welcome to my catalog! Browse my beats below.')).toBeTruthy();
  expect(document.querySelector('img[src="/api/profile_picture_image?userId=ann-id&v=1"]')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Tiktok' }).getAttribute('href')).toBe(
    'https://www.tiktok.com/@ann',
  );
  expect(screen.getByText('2 beats')).toBeTruthy();
  expect(calls.find((call) => call.path === '/api/beatmatch_lab')?.body).toEqual({ userId: 'ann-id' });

  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Genre' }));
  fireEvent.click(await screen.findByTitle('Pop'));
  await waitFor(() => expect(screen.queryByText('Night Drive')).toBeNull());
  fireEvent.click(screen.getByRole('button', { name: 'From $25.00' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).queryByText('Marriage Package')).toBeNull();
  fireEvent.click(within(dialog).getByRole('button', { name: 'add to cart — First Date Package' }));
  await waitFor(() =>
    expect(calls.find((call) => call.path === '/api/update_to_cart')?.body).toMatchObject({
      beatId: 'b2',
      beatPackage: 'First Date Package',
    }),
  );
});

it("says 'No beats found' when the search matches nothing", async () => {
  renderPage(<StorePage />, '/lab/ann-id', { inApp: true });
  fireEvent.change(await screen.findByRole('searchbox', { name: 'Search beats' }), {
    target: { value: 'zzz' },
  });
  expect(await screen.findByText('No beats found')).toBeTruthy();
});

it("answers an unknown producer with the spec's load error", async () => {
  found = false;
  renderPage(<StorePage />, '/lab/nobody', { inApp: true });
  expect(
    await screen.findByText('Uhoh! We are having trouble loading this Lab. Please try again later.'),
  ).toBeTruthy();
});
