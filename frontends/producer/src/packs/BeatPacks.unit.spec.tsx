/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import type { BeatPack, PackBeat } from '@beatmatch/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeGateway, Refusal, type GatewayCall } from '@beatmatch/frontend-common/testing/fakeGateway';
import { currentPath, renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { BeatPacks } from './BeatPacks';

const beat = (beatId: string, beatName: string): PackBeat => ({
  id: beatId,
  beatId,
  beatName,
  coverArtUrl: null,
  isPrivate: false,
  downloadMp3: 0,
  downloadStems: 0,
});
let packs: BeatPack[];
let plan: boolean;
const calls: GatewayCall[] = [];

beforeEach(() => {
  calls.length = 0;
  plan = true;
  packs = [
    { id: 'p1', name: 'For labels', private: 1, url: 'u1', beats: [beat('b1', 'Night Drive')] },
    { id: 'p2', name: 'Free picks', private: 0, url: 'u2', beats: [] },
  ];
  fakeGateway(
    () => ({
      '/api/getBeatPacks': () => {
        if (!plan) throw new Refusal(403, 'No Access', 'forbidden');
        return { packs };
      },
      '/api/addBeatInput': () => ({ data: [beat('b2', 'Nightfall')] }),
      '/api/addBeatToPack': (body) => ({ beat: beat(String(body.beatId), 'Nightfall') }),
      '/api/removeBeatFromPack': () => ({ message: 'Removed' }),
      '/api/getSharedUsers': () => ({ users: [] }),
      '/api/saveUserList': () => ({ users: [] }),
    }),
    calls,
  );
});

const renderPacks = () => renderPage(<BeatPacks />, '/user/beatPacks', { inApp: true });
const bodiesOf = (path: string) => calls.filter((call) => call.path === path).map((call) => call.body);

it("tells a producer without Professional or Unlimited 'No Access', with Subscribe Here", async () => {
  plan = false;
  renderPacks();
  fireEvent.click(await screen.findByRole('button', { name: 'Subscribe Here' }));
  expect(screen.getByText('No Access')).toBeTruthy();
  expect(currentPath()).toBe('/user/subscriptions');
});

it('counts the packs, badges them, searches after the pause, adds and removes beats', async () => {
  renderPacks();
  expect(await screen.findByText('2 Beat Packs')).toBeTruthy();
  expect(screen.getByText('Private')).toBeTruthy();
  expect(screen.getByText('Public')).toBeTruthy();
  fireEvent.click(screen.getByText('Free picks'));
  expect(await screen.findByText('No beats are in this pack')).toBeTruthy();
  fireEvent.click(screen.getByText('For labels'));
  const search = (await screen.findAllByRole('combobox', { name: 'Add a beat' }))[0]!;
  for (const text of ['n', 'ni', 'nig']) fireEvent.change(search, { target: { value: text } });
  fireEvent.click(await screen.findByText('Nightfall'));
  // One search, for the text typed when the typing paused.
  expect(bodiesOf('/api/addBeatInput')).toEqual([{ input: 'nig', beatPackId: 'p1' }]);
  await waitFor(() => expect(bodiesOf('/api/addBeatToPack')).toEqual([{ beatId: 'b2', beatPackId: 'p1' }]));
  fireEvent.click(await screen.findByRole('button', { name: 'Remove Night Drive' }));
  await waitFor(() => expect(screen.queryByText('Night Drive')).toBeNull());
  expect(bodiesOf('/api/removeBeatFromPack')).toEqual([{ beatId: 'b1', packId: 'p1' }]);
});

it('shares a private pack: an address once, its rights, then Save sends the list', async () => {
  renderPacks();
  fireEvent.click(await screen.findByText('For labels'));
  fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Share "For labels"')).toBeTruthy();
  expect(within(dialog).getByText('This beat pack has not been shared with anyone')).toBeTruthy();
  const field = within(dialog).getByRole('textbox', { name: 'Add user' });
  const addAddress = (address: string) => {
    fireEvent.change(field, { target: { value: address } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share with this email' }));
  };
  addAddress('Artist@Example.com');
  fireEvent.click(within(dialog).getByText('artist@example.com'));
  fireEvent.click(await within(dialog).findByRole('switch', { name: 'Download Mp3 for artist@example.com' }));
  // The same address again is not added (its rights stay as set); nor is a text that is no address.
  addAddress('artist@example.com');
  addAddress('not an address');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(bodiesOf('/api/saveUserList')).toEqual([
      {
        beatPackId: 'p1',
        list: [{ email: 'artist@example.com', downloadMp3: 1, downloadStems: 0, deleted: 0 }],
      },
    ]),
  );
});
