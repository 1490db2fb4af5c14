/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  Refusal,
  fakeGateway,
  type GatewayAnswer,
  type GatewayCall,
} from '@beatmatch/frontend-common/testing/fakeGateway';
import { renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import {
  MATCHMAKER_MESSAGES,
  genreDisplayName,
  type MatchListEntry,
  type PlayerBeat,
} from '@beatmatch/contracts';
import { resetMatchmakerClient } from './client';
import {
  DEFAULT_FILTERS,
  filterRequest,
  filtersActionLabel,
  filtersApplied,
  matchBadge,
  matchCountText,
  passCountText,
} from './filters';
import { MatchListPage, MATCH_LIST_CACHE_KEY } from './MatchListPage';
import { isMatchmakerLive } from './launch';
import { MatchmakerPage } from './MatchmakerPage';
import { PlayHistoryPage } from './PlayHistoryPage';
import { PREVIEW_TAG_STORAGE_KEY, renderPreviewTag } from './previewTag';
import { DEMO_PROGRESS_POLL_MS } from './useDemoProgress';

// The gateway in memory: each route answers from `answers` (the matchmaker's documented shapes), and
// every call is recorded with its body.
let answers: Record<string, GatewayAnswer> = {};
const calls: GatewayCall[] = [];

const playerBeat = (beatId: string, beatName: string): PlayerBeat => ({
  beatId,
  beatName,
  producer: 'maya',
  userId: 'p1',
  coverArtUrl: null,
  audioSrc: `/api/beatmatch_beat_play_snippet?beatId=${beatId}`,
  why: 'close to 3 beats you matched: dark trap, 140 BPM',
});

const entry = (beatId: string, beatName: string, extra: Partial<MatchListEntry> = {}): MatchListEntry => ({
  beatId,
  beatName,
  producer: 'maya',
  producerName: 'maya',
  userId: 'p1',
  coverArtUrl: null,
  audioSrc: `/api/beatmatch_beat_play_snippet?beatId=${beatId}`,
  firstDatePackage: '25.00',
  relationshipPackage: '40.00',
  marriagePackage: '-',
  available: true,
  unavailableReason: null,
  at: '2026-11-22T10:00:00.000Z',
  ...extra,
});

const played: string[] = [];

beforeEach(() => {
  calls.length = 0;
  played.length = 0;
  localStorage.clear();
  sessionStorage.clear();
  resetMatchmakerClient();
  beatmatchSdk().cart.clear();
  answers = {
    '/api/beatmatch_exclude': () => ({ uuid: 'device-1' }),
    '/api/get_match_count': () => ({ matches: 2 }),
  };
  fakeGateway(() => answers, calls);
  // jsdom has no media playback: record what would play.
  HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
    played.push(this.currentSrc || this.getAttribute('src') || this.src);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  };
  HTMLMediaElement.prototype.pause = function pause(this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  };
  HTMLMediaElement.prototype.load = () => undefined;
});

const show = (element: ReactNode, path: string) => renderPage(element, path);

const callsTo = (path: string) => calls.filter((call) => call.path === path).map((call) => call.body);

describe('filters', () => {
  it('sends nothing for the defaults: genre All, no key, tempo 0 to 200 (spec §5)', () => {
    expect(filterRequest(DEFAULT_FILTERS)).toEqual({ genre: null, musicalKey: null, tempo: null });
    expect(filterRequest({ ...DEFAULT_FILTERS, selectedGenres: 'all' })).toEqual({
      genre: null,
      musicalKey: null,
      tempo: null,
    });
    expect(filtersApplied(DEFAULT_FILTERS)).toBe(false);
  });

  it('sends what is set, and counts it as applied', () => {
    const filters = {
      selectedGenres: 'rapHipHop',
      selectedKey: ['A minor'],
      selectedTempo: [80, 140] as [number, number],
    };
    expect(filterRequest(filters)).toEqual({ genre: 'rapHipHop', musicalKey: ['A minor'], tempo: [80, 140] });
    expect(filtersApplied({ ...DEFAULT_FILTERS, selectedTempo: [0, 150] })).toBe(true);
    expect(filtersApplied({ ...DEFAULT_FILTERS, selectedKey: ['C major'] })).toBe(true);
  });

  it('reads Apply only when a genre is chosen, otherwise Close', () => {
    expect(filtersActionLabel(DEFAULT_FILTERS)).toBe('Close');
    expect(filtersActionLabel({ ...DEFAULT_FILTERS, selectedKey: ['C major'] })).toBe('Close');
    expect(filtersActionLabel({ ...DEFAULT_FILTERS, selectedGenres: 'pop' })).toBe('Apply');
  });

  it('shows genres with spaces and capitals, the badge capped at 99, counts in words', () => {
    expect(genreDisplayName('rapHipHop')).toBe('Rap Hip Hop');
    expect(genreDisplayName('singerSongwriters')).toBe('Singer Songwriters');
    expect(genreDisplayName('rnb')).toBe('R&B');
    expect(genreDisplayName('all')).toBe('All');
    expect(matchBadge(7)).toBe('7');
    expect(matchBadge(150)).toBe('99+');
    expect(matchCountText(1)).toBe('1 match');
    expect(matchCountText(3)).toBe('3 matches');
    expect(passCountText(1)).toBe('1 pass');
    expect(passCountText(0)).toBe('0 passes');
  });
});

describe('the swipe player', () => {
  it("gets a visitor's device uuid, the match count and a beat, and plays its snippet", async () => {
    answers['/api/beatmatch_beat_play'] = () => playerBeat('b1', 'Night Drive');
    show(<MatchmakerPage />, '/matchmaker');

    expect(await screen.findByTestId('player-beat-name')).toHaveProperty('textContent', 'Night Drive');
    expect(localStorage.getItem('uuid')).toBe('device-1');
    expect(callsTo('/api/get_match_count')).toEqual([{ uuid: 'device-1' }]);
    expect(callsTo('/api/beatmatch_beat_play')[0]).toMatchObject({
      uuid: 'device-1',
      genre: null,
      musicalKey: null,
      tempo: null,
    });
    expect(screen.getByTestId('player-producer').getAttribute('href')).toBe('/lab/p1');
    expect(screen.getByTestId('player-why').textContent).toContain('close to 3 beats you matched');
    expect(screen.getByTestId('default-cover')).toBeTruthy();
    expect(screen.getByTestId('player-audio').getAttribute('src')).toBe(
      '/api/beatmatch_beat_play_snippet?beatId=b1',
    );
    expect(screen.getByRole('link', { name: 'Matches (2)' }).getAttribute('href')).toBe('/matchList');
    expect(screen.getByRole('link', { name: /View History/ }).getAttribute('href')).toBe('/playHistory');

    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(played).toEqual(['/api/beatmatch_beat_play_snippet?beatId=b1']);
  });

  it('keeps a stored uuid and does not ask for another', async () => {
    localStorage.setItem('uuid', 'kept-device');
    answers['/api/beatmatch_beat_play'] = () => playerBeat('b1', 'Night Drive');
    show(<MatchmakerPage />, '/user/matchmaker');
    await screen.findByTestId('player-beat-name');
    expect(callsTo('/api/beatmatch_exclude')).toHaveLength(0);
    expect(callsTo('/api/beatmatch_beat_play')[0]).toMatchObject({ uuid: 'kept-device' });
    expect(screen.getByRole('link', { name: 'Matches (2)' }).getAttribute('href')).toBe('/user/matchlist');
  });

  it('asks for its device once when the browser has a stored uuid but no device cookie, and plays on', async () => {
    localStorage.setItem('uuid', 'kept-device');
    // The gateway vouches for a device only through the cookie the exclude call sets.
    let cookie = false;
    answers['/api/beatmatch_exclude'] = () => {
      cookie = true;
      return { uuid: 'device-2' };
    };
    answers['/api/get_match_count'] = () => {
      if (!cookie) throw new Refusal(400, MATCHMAKER_MESSAGES.uuidRequired, 'uuid_required');
      return { matches: 0 };
    };
    answers['/api/beatmatch_beat_play'] = () => {
      if (!cookie) throw new Refusal(400, MATCHMAKER_MESSAGES.uuidRequired, 'uuid_required');
      return playerBeat('b1', 'Night Drive');
    };
    show(<MatchmakerPage />, '/matchmaker');
    expect((await screen.findByTestId('player-beat-name')).textContent).toBe('Night Drive');
    expect(callsTo('/api/beatmatch_exclude')).toHaveLength(1);
    expect(callsTo('/api/get_match_count')).toHaveLength(2);
    expect(screen.queryByTestId('player-error')).toBeNull();
    // The stored uuid stays (spec §4: stored if none is present).
    expect(localStorage.getItem('uuid')).toBe('kept-device');
  });

  it('before the launch says when it launches with the count of uploaded beats, and Pass, Match and Play are inert', async () => {
    answers['/api/total_beats'] = () => ({ beats: 42 });
    answers['/api/beatmatch_beat_play'] = () => playerBeat('b1', 'Night Drive');
    show(<MatchmakerPage live={false} />, '/matchmaker');
    const notice = await screen.findByTestId('player-not-live');
    expect(notice.textContent).toContain('Launching on 08/07/2023');
    await waitFor(() => expect(notice.textContent).toContain('42 beats uploaded so far'));
    const play = screen.getByRole('button', { name: 'Play' }) as HTMLButtonElement;
    expect(play.disabled).toBe(true);
    expect(screen.getByTestId('player-pass').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('player-match').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(play);
    fireEvent.click(screen.getByTestId('player-match'));
    fireEvent.click(screen.getByTestId('player-pass'));
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    fireEvent.keyDown(window, { key: ' ' });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    // Not live: no device, no beat, no choice — only the count.
    expect(calls.map((call) => call.path)).toEqual(['/api/total_beats']);
    expect(screen.queryByTestId('player-beat-name')).toBeNull();
    expect(played).toEqual([]);
  });

  it('is live from the launch date on', () => {
    expect(isMatchmakerLive(new Date('2023-08-06T23:59:59Z'))).toBe(false);
    expect(isMatchmakerLive(new Date('2023-08-07T00:00:00Z'))).toBe(true);
    expect(isMatchmakerLive()).toBe(true);
  });

  it('records Match, loads the next beat, plays it and counts the match; Pass by the ← key', async () => {
    let next = 0;
    const beats = [
      playerBeat('b1', 'Night Drive'),
      playerBeat('b2', 'Gold Rush'),
      playerBeat('b3', 'Low Tide'),
    ];
    answers['/api/beatmatch_beat_play'] = () => beats[next++];
    show(<MatchmakerPage />, '/matchmaker');
    await screen.findByText('Night Drive');

    // Before playback has started, Pass and Match are inert.
    fireEvent.click(screen.getByRole('button', { name: 'Match' }));
    expect(callsTo('/api/beatmatch_beat_play')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await screen.findByRole('button', { name: 'Pause' });
    fireEvent.click(screen.getByRole('button', { name: 'Match' }));
    expect(await screen.findByText('Gold Rush')).toBeTruthy();
    expect(callsTo('/api/beatmatch_beat_play')[1]).toMatchObject({
      uuid: 'device-1',
      beatId: 'b1',
      choiceType: 'match',
      seconds: 'match',
    });
    expect(screen.getByRole('link', { name: 'Matches (3)' })).toBeTruthy();
    await waitFor(() => expect(played.at(-1)).toBe('/api/beatmatch_beat_play_snippet?beatId=b2'));

    fireEvent.keyDown(screen.getByTestId('matchmaker-page'), { key: 'ArrowLeft' });
    expect(await screen.findByText('Low Tide')).toBeTruthy();
    expect(callsTo('/api/beatmatch_beat_play')[2]).toMatchObject({ beatId: 'b2', choiceType: 'pass' });
    expect(screen.getByRole('link', { name: 'Matches (3)' })).toBeTruthy();
  });

  it('loads the beat named by ?beat=', async () => {
    answers['/api/beatmatch_load_beat_param'] = (body) => playerBeat(String(body.beatId), 'Shared Beat');
    show(<MatchmakerPage />, '/user/matchmaker?beat=b42');
    expect(await screen.findByText('Shared Beat')).toBeTruthy();
    expect(callsTo('/api/beatmatch_load_beat_param')[0]).toMatchObject({ beatId: 'b42', uuid: 'device-1' });
    expect(callsTo('/api/beatmatch_beat_play')).toHaveLength(0);
  });

  it('says the daily limit is reached, with Upgrade to Marketplace Pro', async () => {
    answers['/api/beatmatch_beat_play'] = () => {
      throw new Refusal(429, MATCHMAKER_MESSAGES.overlimit, 'overlimit_plays');
    };
    show(<MatchmakerPage />, '/matchmaker');
    const alert = await screen.findByTestId('player-overlimit');
    expect(alert.textContent).toContain(
      '25 plays a day limit reached. Please upgrade to Marketplace Pro to have unlimited.',
    );
    const upgrade = within(alert).getByRole('link');
    expect(upgrade.getAttribute('href')).toBe('/user/marketplace_pro');
  });

  it('offers Upgrade to visitors and members without a plan, not to Marketplace Pro members', async () => {
    answers['/api/beatmatch_beat_play'] = () => playerBeat('b1', 'Night Drive');
    const shown = show(<MatchmakerPage />, '/matchmaker');
    await screen.findByTestId('player-beat-name');
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/user/marketplace_pro');
    shown.unmount();

    answers['/api/beatmatch_auth'] = () => ({ userName: 'ana', userId: 'u1', email: 'ana@example.test' });
    answers['/api/member_active_status'] = () => ({
      subscribed: true,
      lifer: false,
      paypal: false,
      plan: 'artist',
    });
    await act(async () => {
      await beatmatchSdk().session.refresh();
    });
    try {
      show(<MatchmakerPage />, '/user/matchmaker');
      await screen.findByTestId('player-beat-name');
      await waitFor(() => expect(callsTo('/api/member_active_status')).toEqual([{ type: 'artist' }]));
      await waitFor(() => expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull());
    } finally {
      act(() => beatmatchSdk().session.clear());
    }
  });

  it('says no beat was found when the server has none for the filters', async () => {
    answers['/api/beatmatch_beat_play'] = () => ({ message: MATCHMAKER_MESSAGES.noBeat });
    show(<MatchmakerPage />, '/matchmaker');
    expect((await screen.findByTestId('player-no-beat')).textContent).toContain(
      'No beat found! Please reload or adjust filters.',
    );
  });

  it('says how far the demo catalogue is while it is being made, and plays once a beat is ready', async () => {
    let ready = 0;
    answers['/api/beatmatch_beat_play'] = () =>
      ready > 0 ? playerBeat('b1', 'Night Drive') : { message: MATCHMAKER_MESSAGES.noBeat };
    answers['/api/beatmatch_demo_catalogue'] = () => ({ preparing: true, ready, total: 60 });
    show(<MatchmakerPage />, '/matchmaker');
    const status = await screen.findByTestId('player-no-beat');
    await waitFor(() =>
      expect(status.textContent).toContain('The demo catalogue is being prepared — 0 of 60 beats ready'),
    );
    expect(status.textContent).not.toContain('No beat found!');
    ready = 2;
    expect(
      await screen.findByTestId('player-beat-name', {}, { timeout: DEMO_PROGRESS_POLL_MS + 2000 }),
    ).toHaveProperty('textContent', 'Night Drive');
  }, 10_000);

  it('applies a genre from the Filters dialog and loads a fresh beat with it', async () => {
    answers['/api/beatmatch_beat_play'] = (body) =>
      body.genre ? playerBeat('b7', 'Pop Song') : playerBeat('b1', 'Night Drive');
    show(<MatchmakerPage />, '/matchmaker');
    await screen.findByText('Night Drive');
    fireEvent.click(screen.getByRole('button', { name: /Filters/ }));
    expect(await screen.findByText('filters are in beta and may not be an exact match')).toBeTruthy();
    expect(screen.getByTestId('filters-action').textContent).toBe('Close');
    // The genre list by keyboard: open, down to Pop (the 12th option after All), choose.
    const genre = screen.getByLabelText('Genre');
    fireEvent.keyDown(genre, { key: 'Enter', code: 'Enter', keyCode: 13 });
    for (let step = 0; step < 11; step += 1)
      fireEvent.keyDown(genre, { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 });
    fireEvent.keyDown(genre, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.getByTestId('filters-action').textContent).toBe('Apply'));
    fireEvent.click(screen.getByTestId('filters-action'));
    expect(await screen.findByText('Pop Song')).toBeTruthy();
    expect(callsTo('/api/beatmatch_beat_play').at(-1)).toMatchObject({
      genre: 'pop',
      musicalKey: null,
      tempo: null,
    });
  });
});

describe('the Match List', () => {
  it('counts matches, caches them, and shows the 20-matches banner without a plan', async () => {
    answers['/api/beatmatch_matchlist'] = () => ({
      beat: [entry('b1', 'Night Drive'), entry('b2', 'Gold Rush')],
      activeSubscription: false,
      total: 23,
    });
    show(<MatchListPage />, '/matchList');
    expect((await screen.findByTestId('matchlist-count')).textContent).toBe('23 matches');
    expect(screen.getAllByTestId('match-row')).toHaveLength(2);
    const banner = screen.getByTestId('matchlist-limit');
    expect(banner.textContent).toContain('Only 20 matches can be viewed');
    expect(within(banner).getByRole('link').getAttribute('href')).toBe('/user/marketplace_pro');
    expect(JSON.parse(sessionStorage.getItem(MATCH_LIST_CACHE_KEY)!)).toEqual([
      { beatId: 'b1', beatName: 'Night Drive' },
      { beatId: 'b2', beatName: 'Gold Rush' },
    ]);
  });

  it("says 'No Matches' with Find Beats when empty", async () => {
    answers['/api/beatmatch_matchlist'] = () => ({ beat: [], activeSubscription: true, total: 0 });
    show(<MatchListPage />, '/user/matchlist');
    expect(await screen.findByText('No Matches')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find Beats' }).getAttribute('href')).toBe('/user/matchmaker');
    expect(screen.queryByTestId('matchlist-limit')).toBeNull();
  });

  it('asks before removing, removes on the server, and drops the row and its cache entry', async () => {
    answers['/api/beatmatch_matchlist'] = () => ({
      beat: [entry('b1', 'Night Drive'), entry('b2', 'Gold Rush')],
      activeSubscription: true,
      total: 2,
    });
    answers['/api/beatmatch_matchlist_remove'] = () => ({ removed: true, matches: 1 });
    show(<MatchListPage />, '/user/matchlist');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Night Drive from your Match List' }));
    expect(await screen.findAllByText('Are you sure you want to remove Night Drive?')).not.toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getAllByTestId('match-row')).toHaveLength(1));
    expect(callsTo('/api/beatmatch_matchlist_remove')).toEqual([{ beatId: 'b1', uuid: 'device-1' }]);
    expect(screen.getByTestId('matchlist-count').textContent).toBe('1 match');
    expect(JSON.parse(sessionStorage.getItem(MATCH_LIST_CACHE_KEY)!)).toEqual([
      { beatId: 'b2', beatName: 'Gold Rush' },
    ]);
  });

  it('plays a row, records the play, and stops on a second click', async () => {
    answers['/api/beatmatch_matchlist'] = () => ({
      beat: [entry('b1', 'Night Drive')],
      activeSubscription: true,
      total: 1,
    });
    answers['/api/add_play'] = () => ({ played: true });
    show(<MatchListPage />, '/user/matchlist');
    fireEvent.click(await screen.findByRole('button', { name: 'Play Night Drive' }));
    expect(await screen.findByRole('button', { name: 'Stop Night Drive' })).toBeTruthy();
    await waitFor(() =>
      expect(callsTo('/api/add_play')).toEqual([
        { audioSrc: '/api/beatmatch_beat_play_snippet?beatId=b1', uuid: 'device-1' },
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Stop Night Drive' }));
    expect(await screen.findByRole('button', { name: 'Play Night Drive' })).toBeTruthy();
  });

  it('plays a signed-in listener the whole beat they matched, streamed from the full MP3', async () => {
    answers['/api/beatmatch_auth'] = () => ({ userName: 'ana', userId: 'u1', email: 'ana@example.test' });
    await act(async () => {
      await beatmatchSdk().session.refresh();
    });
    answers['/api/beatmatch_matchlist'] = () => ({
      beat: [entry('b1', 'Night Drive')],
      activeSubscription: true,
      total: 1,
    });
    answers['/api/add_play'] = () => ({ played: true });
    try {
      show(<MatchListPage />, '/user/matchlist');
      fireEvent.click(await screen.findByRole('button', { name: 'Play Night Drive' }));
      await waitFor(() => expect(played).toEqual(['/api/beatmatch_matchlist_full_beat?beatId=b1']));
    } finally {
      act(() => beatmatchSdk().session.clear());
    }
  });

  it('Commit offers the packages with prices and adds one to the cart through commerce', async () => {
    answers['/api/beatmatch_matchlist'] = () => ({
      beat: [entry('b1', 'Night Drive')],
      activeSubscription: true,
      total: 1,
    });
    const cart: unknown[] = [];
    answers['/api/update_to_cart'] = (body) => {
      cart.push({
        beatId: body.beatId,
        beatPackage: body.beatPackage,
        beatName: 'Night Drive',
        beatPrice: '25.00',
        producerName: 'maya',
      });
      return { message: 'added', cart };
    };
    answers['/api/get_cart_items'] = () => ({ cart });
    show(<MatchListPage />, '/user/matchlist');
    fireEvent.click(await screen.findByRole('button', { name: 'Commit to Night Drive' }));
    const dialog = await screen.findByTestId('commit-dialog');
    expect(within(dialog).getByText('$25.00')).toBeTruthy();
    expect(within(dialog).getByText('$40.00')).toBeTruthy();
    // Marriage is not offered for this beat: the dialog has no row for it.
    expect(within(dialog).queryByText('Marriage Package')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'add to cart — First Date Package' }));
    expect(await within(dialog).findByRole('button', { name: 'in cart — First Date Package' })).toBeTruthy();
    expect(callsTo('/api/update_to_cart')[0]).toMatchObject({
      beatId: 'b1',
      beatPackage: 'First Date Package',
      update: 'add',
    });
    expect(within(dialog).getByRole('button', { name: 'change — Relationship Package' })).toBeTruthy();
    expect(beatmatchSdk().cart.getSnapshot().count).toBe(1);
  });

  it('lyrics: a visitor is asked to create a free account', async () => {
    answers['/api/beatmatch_matchlist'] = () => ({
      beat: [entry('b1', 'Night Drive')],
      activeSubscription: false,
      total: 1,
    });
    answers['/api/get_lyrics'] = () => ({ lyrics: '', signIn: true });
    show(<MatchListPage />, '/matchList');
    fireEvent.click(await screen.findByRole('button', { name: /Write Lyrics/ }));
    expect((await screen.findByTestId('lyrics-sign-in')).textContent).toContain('Create a free account');
    expect(screen.getByRole('button', { name: /Hide Lyrics/ })).toBeTruthy();
  });

  it("lyrics: loads, autosaves 3 s after the last edit, says 'Saved', and 'Error while saving!' on failure", async () => {
    answers['/api/beatmatch_matchlist'] = () => ({
      beat: [entry('b1', 'Night Drive')],
      activeSubscription: true,
      total: 1,
    });
    answers['/api/get_lyrics'] = () => ({ lyrics: 'first line', signIn: false });
    answers['/api/save_lyrics'] = (body) => ({ lyrics: body.lyrics, signIn: false });
    show(<MatchListPage />, '/user/matchlist');
    fireEvent.click(await screen.findByRole('button', { name: /Write Lyrics/ }));
    expect(screen.getByText('Loading Lyrics...')).toBeTruthy();
    const editor = (await screen.findByLabelText('Lyrics for Night Drive')) as HTMLTextAreaElement;
    expect(editor.value).toBe('first line');

    jest.useFakeTimers();
    try {
      fireEvent.change(editor, { target: { value: 'first line\nsecond' } });
      act(() => jest.advanceTimersByTime(2900));
      expect(callsTo('/api/save_lyrics')).toHaveLength(0);
      act(() => jest.advanceTimersByTime(200));
    } finally {
      jest.useRealTimers();
    }
    await waitFor(() =>
      expect(callsTo('/api/save_lyrics')).toEqual([
        { beatId: 'b1', lyrics: 'first line\nsecond', uuid: 'device-1' },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('lyrics-save-state').textContent).toBe('Saved'));

    answers['/api/save_lyrics'] = () => {
      throw new Refusal(500, 'boom');
    };
    fireEvent.change(editor, { target: { value: 'third' } });
    fireEvent.blur(editor);
    await waitFor(() =>
      expect(screen.getByTestId('lyrics-save-state').textContent).toBe('Error while saving!'),
    );
  });
});

describe('Play History', () => {
  afterEach(() => act(() => beatmatchSdk().session.clear()));

  it("asks a visitor to log in ('Action Needed') without calling the server", async () => {
    act(() => beatmatchSdk().session.clear());
    show(<PlayHistoryPage />, '/playHistory');
    expect(await screen.findByText('Action Needed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(callsTo('/api/beatmatch_play_history')).toHaveLength(0);
  });

  async function signIn() {
    answers['/api/beatmatch_auth'] = () => ({ userName: 'ana', userId: 'u1', email: 'ana@example.test' });
    await act(async () => {
      await beatmatchSdk().session.refresh();
    });
  }

  it("says 'No Access' with Subscribe Here without a plan", async () => {
    await signIn();
    answers['/api/beatmatch_play_history'] = () => {
      throw new Refusal(403, 'No Access', 'no_access');
    };
    show(<PlayHistoryPage />, '/user/playhistory');
    expect(await screen.findByText('No Access')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subscribe Here' }).getAttribute('href')).toBe(
      '/user/marketplace_pro',
    );
  });

  it("lists passes and moves one to the Match List with the server's message", async () => {
    await signIn();
    answers['/api/beatmatch_play_history'] = () => ({
      beats: [entry('b1', 'Night Drive'), entry('b2', 'Gold Rush')],
    });
    answers['/api/beatmatch_add_to_match_list'] = () => ({ message: MATCHMAKER_MESSAGES.addedToMatchList });
    show(<PlayHistoryPage />, '/user/playhistory');
    expect((await screen.findByTestId('history-count')).textContent).toBe('2 passes');
    fireEvent.click(screen.getByRole('button', { name: 'Add Night Drive to Match List' }));
    expect(await screen.findByText('Added to your Match List!')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(1));
    expect(screen.getByTestId('history-count').textContent).toBe('1 pass');
    expect(callsTo('/api/beatmatch_add_to_match_list')).toEqual([
      { beatId: 'b1', beatName: 'Night Drive', freeTextSearch: false, uuid: 'device-1' },
    ]);
  });

  it("says 'No Passed Beats' when there are none", async () => {
    await signIn();
    answers['/api/beatmatch_play_history'] = () => ({ beats: [] });
    show(<PlayHistoryPage />, '/user/playhistory');
    expect(await screen.findByText('No Passed Beats')).toBeTruthy();
  });
});

// jsdom has no Web Audio: a stand-in AudioContext that records each buffer started, with the gain it
// goes through and whether that reaches the speakers.
interface Sounded {
  at: number;
  gain: number;
  toSpeakers: boolean;
  seconds: number;
}
class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  state: 'running' | 'suspended' | 'closed' = 'suspended';
  readonly sampleRate = 8000;
  readonly destination = { speakers: true };
  readonly sounded: Sounded[] = [];
  stopped = 0;
  constructor() {
    FakeAudioContext.made.push(this);
  }
  resume() {
    this.state = 'running';
    return Promise.resolve();
  }
  close() {
    this.state = 'closed';
    return Promise.resolve();
  }
  createBuffer(channels: number, length: number, sampleRate: number) {
    const data = new Float32Array(length);
    return { numberOfChannels: channels, length, sampleRate, getChannelData: () => data };
  }
  createGain() {
    const node = {
      gain: { value: 1 },
      to: null as unknown,
      connect: (to: unknown) => {
        node.to = to;
        return to;
      },
      disconnect: () => undefined,
    };
    return node;
  }
  createBufferSource() {
    const source = {
      buffer: null as { length: number; sampleRate: number } | null,
      onended: null,
      to: null as { gain: { value: number }; to: unknown } | null,
      connect: (to: { gain: { value: number }; to: unknown }) => {
        source.to = to;
        return to;
      },
      disconnect: () => undefined,
      start: () => {
        this.sounded.push({
          at: Date.now(),
          gain: source.to?.gain.value ?? 1,
          toSpeakers: source.to?.to === this.destination && this.state === 'running',
          seconds: source.buffer ? source.buffer.length / source.buffer.sampleRate : 0,
        });
      },
      stop: () => {
        this.stopped += 1;
      },
    };
    return source;
  }
}

const sounded = () => FakeAudioContext.made.flatMap((context) => context.sounded);
const stops = () => FakeAudioContext.made.reduce((sum, context) => sum + context.stopped, 0);

/** Lets promises (the mocked fetches, play()) settle without moving the fake clock. */
async function settle() {
  await act(async () => {
    for (let turn = 0; turn < 50; turn += 1) await Promise.resolve();
  });
}

describe('the preview tag', () => {
  // The media elements here also keep `paused` (jsdom's stays true), so Pause really pauses.
  const sounding = new WeakSet<HTMLMediaElement>();
  const jsdomPaused = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'paused');

  beforeEach(() => {
    const { play, pause } = HTMLMediaElement.prototype;
    Object.defineProperty(HTMLMediaElement.prototype, 'paused', {
      configurable: true,
      get(this: HTMLMediaElement) {
        return !sounding.has(this);
      },
    });
    HTMLMediaElement.prototype.play = function playing(this: HTMLMediaElement) {
      sounding.add(this);
      return play.call(this);
    };
    HTMLMediaElement.prototype.pause = function paused(this: HTMLMediaElement) {
      sounding.delete(this);
      pause.call(this);
    };
    FakeAudioContext.made = [];
    (window as unknown as { AudioContext?: unknown }).AudioContext = FakeAudioContext;
    let next = 0;
    const beats = [playerBeat('b1', 'Night Drive'), playerBeat('b2', 'Gold Rush')];
    answers['/api/beatmatch_beat_play'] = () => beats[next++];
  });
  afterEach(() => {
    // Unmount while the fake clock still runs what the page scheduled, then restore the real one.
    cleanup();
    jest.useRealTimers();
    if (jsdomPaused) Object.defineProperty(HTMLMediaElement.prototype, 'paused', jsdomPaused);
    delete (window as unknown as { AudioContext?: unknown }).AudioContext;
  });

  /** Opens the player on its first beat, with the clock faked from here on. */
  async function openPlayer() {
    const view = show(<MatchmakerPage />, '/matchmaker');
    await screen.findByText('Night Drive');
    jest.useFakeTimers();
    return view;
  }
  const tagSwitch = () => screen.getByRole('switch', { name: 'Preview tag' });
  const play = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await settle();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
  };
  const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms));

  it('is off by default; switched on it sounds at 12 s and 24 s of playback at volume 0.7, and is remembered', async () => {
    const view = await openPlayer();
    expect(tagSwitch().getAttribute('aria-checked')).toBe('false');
    expect(tagSwitch().getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(tagSwitch());
    expect(tagSwitch().getAttribute('aria-checked')).toBe('true');
    expect(localStorage.getItem(PREVIEW_TAG_STORAGE_KEY)).toBe('on');

    await play();
    const start = Date.now();
    wait(11_999);
    expect(sounded()).toHaveLength(0);
    wait(1);
    expect(sounded()).toEqual([{ at: start + 12_000, gain: 0.7, toSpeakers: true, seconds: 1 }]);
    wait(12_000);
    expect(sounded().map((sound) => sound.at - start)).toEqual([12_000, 24_000]);
    expect(sounded().every((sound) => sound.gain === 0.7 && sound.toSpeakers)).toBe(true);

    // Another visit starts with the option on.
    view.unmount();
    jest.useRealTimers();
    show(<MatchmakerPage />, '/matchmaker');
    expect(tagSwitch().getAttribute('aria-checked')).toBe('true');
    await screen.findByText('Gold Rush');
  });

  it('never sounds while the option is off', async () => {
    await openPlayer();
    await play();
    wait(60_000);
    expect(sounded()).toHaveLength(0);
  });

  it('does not sound while paused: the pause stops it and holds the count until playback resumes', async () => {
    localStorage.setItem(PREVIEW_TAG_STORAGE_KEY, 'on');
    await openPlayer();
    await play();
    wait(12_000);
    expect(sounded()).toHaveLength(1);
    wait(500);
    const stopsBefore = stops();
    // Pause while the tag rings: it stops with the snippet.
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await settle();
    expect(stops()).toBe(stopsBefore + 1);
    wait(60_000);
    expect(sounded()).toHaveLength(1);

    // 0.5 s of this interval was played before the pause: the next tag comes 11.5 s after resuming.
    await play();
    wait(11_499);
    expect(sounded()).toHaveLength(1);
    wait(1);
    expect(sounded()).toHaveLength(2);
  });

  it('stops on Match, counts the next snippet from zero, and stops for good when the player closes', async () => {
    localStorage.setItem(PREVIEW_TAG_STORAGE_KEY, 'on');
    const view = await openPlayer();
    await play();
    wait(12_000);
    wait(300);
    expect(sounded()).toHaveLength(1);
    const stopsBefore = stops();
    fireEvent.click(screen.getByRole('button', { name: 'Match' }));
    expect(stops()).toBe(stopsBefore + 1);
    await settle();
    expect(screen.getByText('Gold Rush')).toBeTruthy();
    expect(played.at(-1)).toBe('/api/beatmatch_beat_play_snippet?beatId=b2');

    // 0.3 s of the first snippet's interval does not carry over.
    wait(11_999);
    expect(sounded()).toHaveLength(1);
    wait(1);
    expect(sounded()).toHaveLength(2);

    const [output] = FakeAudioContext.made;
    view.unmount();
    expect(output?.state).toBe('closed');
    wait(60_000);
    expect(sounded()).toHaveLength(2);
  });

  it('is a one-second chime that starts and ends silent, peaking below full scale', () => {
    const samples = renderPreviewTag(48_000);
    expect(samples).toHaveLength(48_000);
    expect(samples[0]).toBe(0);
    expect(samples.at(-1)).toBeCloseTo(0, 6);
    const peak = samples.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
    expect(peak).toBeCloseTo(0.9, 5);
    // It is heard in its first half and has faded by its end.
    const rms = (from: number, to: number) =>
      Math.sqrt(samples.slice(from, to).reduce((sum, value) => sum + value * value, 0) / (to - from));
    expect(rms(0, 24_000)).toBeGreaterThan(0.1);
    expect(rms(43_200, 48_000)).toBeLessThan(rms(0, 24_000) / 10);
  });
});

// jsdom evaluates no media queries: a viewport of a given width that answers the width queries the
// pages and antd ask (and fails the test on any other), and announces a resize to their listeners.
function viewport(initial: number) {
  let width = initial;
  const listeners = new Set<{ query: string; onChange: () => void; last: boolean }>();
  const test = (feature: string): boolean => {
    const match = /^\(\s*(width\s*(<|<=|>|>=)|max-width\s*:|min-width\s*:)\s*([\d.]+)px\s*\)$/.exec(
      feature.trim(),
    );
    if (!match) throw new Error(`viewport: unsupported media query ${feature}`);
    const [, , operator, value] = match;
    const limit = Number(value);
    if (feature.includes('max-width')) return width <= limit;
    if (feature.includes('min-width')) return width >= limit;
    if (operator === '<') return width < limit;
    if (operator === '<=') return width <= limit;
    if (operator === '>') return width > limit;
    return width >= limit;
  };
  const matches = (query: string) => query.split(',').some(test);
  const previous = window.matchMedia;
  window.matchMedia = ((query: string) => {
    const entry: { query: string; onChange: () => void; last: boolean } = {
      query,
      onChange: () => undefined,
      last: matches(query),
    };
    return {
      get matches() {
        return matches(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, onChange: () => void) => {
        entry.onChange = onChange;
        entry.last = matches(query);
        listeners.add(entry);
      },
      removeEventListener: () => listeners.delete(entry),
      addListener: (onChange: () => void) => {
        entry.onChange = onChange;
        listeners.add(entry);
      },
      removeListener: () => listeners.delete(entry),
      dispatchEvent: () => false,
    };
  }) as unknown as typeof window.matchMedia;
  return {
    resize(next: number) {
      width = next;
      act(() => {
        for (const entry of [...listeners]) {
          const now = matches(entry.query);
          if (now !== entry.last) {
            entry.last = now;
            entry.onChange();
          }
        }
      });
    },
    restore() {
      window.matchMedia = previous;
    },
  };
}

describe('breakpoints (spec §9)', () => {
  let screenSize: ReturnType<typeof viewport> | null = null;
  afterEach(() => {
    screenSize?.restore();
    screenSize = null;
  });

  const openMatchList = async (width: number) => {
    screenSize = viewport(width);
    answers['/api/beatmatch_matchlist'] = () => ({
      beat: [entry('b1', 'A Very Long Beat Name That Will Not Fit')],
      activeSubscription: true,
      total: 1,
    });
    show(<MatchListPage />, '/user/matchlist');
    return screen.findByTestId('commit-button');
  };

  it.each([
    [1075, 'Commit'],
    [1440, 'Commit'],
    [1074.5, ''],
    [1074, ''],
    [400, ''],
  ])(
    'at %spx the Commit label is %j (hidden below 1075px), the button keeps its name',
    async (width, label) => {
      const commit = await openMatchList(width);
      expect(commit.textContent).toBe(label);
      expect(screen.getByRole('button', { name: 'Commit to A Very Long Beat Name That Will Not Fit' })).toBe(
        commit,
      );
    },
  );

  it('hides and shows the Commit label as the window crosses 1075px', async () => {
    const commit = await openMatchList(1200);
    expect(commit.textContent).toBe('Commit');
    screenSize!.resize(1074);
    expect(commit.textContent).toBe('');
    expect(commit.getAttribute('title')).toBe('Commit');
    screenSize!.resize(1075);
    expect(commit.textContent).toBe('Commit');
  });

  it('cuts a row title at 120px below 515px, and not from 515px', async () => {
    await openMatchList(514);
    const name = screen.getByTestId('row-beat-name');
    expect(name.style.maxWidth).toBe('120px');
    expect(name.getAttribute('title')).toBe('A Very Long Beat Name That Will Not Fit');
    screenSize!.resize(515);
    expect(name.style.maxWidth).toBe('');
  });
});
