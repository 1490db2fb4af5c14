import { publicPages } from '@beatmatch/frontend-common';
import { findPage, userPages, userPagesOf } from './catalogue';
import { ADMIN_SIDE_MENU_ITEMS, SIDE_MENU_GROUP_OF, SIDE_MENU_ITEMS, buildSideMenu } from './layout/sideMenu';
import { SPEC_SIDE_MENU } from './testing/specSideMenu';

const labelOf = (item: { label: string }): string => item.label;

describe('the page catalogue (each app owns its list)', () => {
  it('has every logged-in route of the artist-side spec §2, plus the in-app help pages', () => {
    const specRoutes =
      ' uploadBeats manageBeats beatPacks matchmaker textSearch youtubeSearch spotifySearch mySoundAnalyzer matchlist playhistory ambassadorProgram referralRewards purchases checkout subscriptions marketplace_pro lifetimeMembership payouts beatPayouts payoutsHistory wallet account faq admin beatBattle battleground submission leaderboard rules'.split(
        ' ',
      );
    const helpPages = ['contact', 'policies', 'pioneers', 'whatsNew'];
    expect(userPages.map((page) => page.path).sort()).toEqual([...specRoutes, ...helpPages].sort());
  });

  it('gives the producer and artist remotes the pages they own', () => {
    expect(userPagesOf('producer').map((page) => page.path)).toEqual([
      '',
      'uploadBeats',
      'manageBeats',
      'beatPacks',
      'account',
      'payouts',
      'beatPayouts',
      'payoutsHistory',
      'wallet',
      'ambassadorProgram',
      'referralRewards',
      'subscriptions',
      'admin',
    ]);
    expect(userPagesOf('artist').map((page) => page.path)).toEqual([
      'matchmaker',
      'textSearch',
      'youtubeSearch',
      'spotifySearch',
      'mySoundAnalyzer',
      'matchlist',
      'playhistory',
      'purchases',
      'checkout',
      'marketplace_pro',
      'beatBattle',
      'battleground',
      'submission',
      'leaderboard',
      'rules',
    ]);
  });

  it("uses the spec's wording for the examples it gives", () => {
    expect(findPage('/user')).toMatchObject({
      title: 'Dashboard',
      description: 'View stats for your uploaded beats',
    });
    expect(findPage('/user/matchlist')).toMatchObject({
      title: 'Match List',
      description: "Listen to the full beats you've matched with",
    });
  });

  it('finds a page by its first segment under /user only', () => {
    expect(findPage('/user/matchmaker/extra')?.title).toBe('The Matchmaker');
    expect(findPage('/user/')?.title).toBe('Dashboard');
    expect(findPage('/userx/matchmaker')).toBeUndefined();
    expect(findPage('/matchmaker')).toBeUndefined();
    expect(findPage('/user/nothing')).toBeUndefined();
  });

  it('lists the public marketing, legal and help pages', () => {
    const paths = publicPages.map((page) => page.path);
    for (const path of [
      '/producers',
      '/artists',
      '/beat',
      '/policies/dmca',
      '/help/new',
      '/lab/:userId',
      '/packs',
    ])
      expect(paths).toContain(path);
  });
});

describe('the side menu, built from the page lists', () => {
  it('has the order of the artist-side spec §2', () => {
    expect(SIDE_MENU_ITEMS.map(labelOf)).toEqual(SPEC_SIDE_MENU);
    const children = (key: string) =>
      SIDE_MENU_ITEMS.find((item) => item.key === key)!.children!.map(labelOf);
    expect(children('marketplace')).toEqual([
      'The Matchmaker',
      'Text Search',
      'YouTube Search',
      'Spotify Search',
      'My Sound Analyzer',
    ]);
    expect(children('payouts')).toEqual(['$BEAT Payouts', 'Payouts', 'Payouts History']);
    expect(children('subscriptions')).toEqual(['Producer', 'Artist']);
    expect(SIDE_MENU_GROUP_OF['/user/marketplace_pro']).toBe('subscriptions');
  });

  it('shows the Admin entry, last, to admins only (issue 26)', () => {
    expect(SIDE_MENU_ITEMS.map(labelOf)).not.toContain('Admin');
    expect(ADMIN_SIDE_MENU_ITEMS.map(labelOf)).toEqual([...SPEC_SIDE_MENU, 'Admin']);
    expect(buildSideMenu(userPages, []).items.map(labelOf)).toEqual(SPEC_SIDE_MENU);
  });

  it('places a new page from any app by its menu placement', () => {
    const { items } = buildSideMenu([
      ...userPages,
      { path: 'charts', title: 'Charts', description: 'Top beats', owner: 'artist', menu: { order: 55 } },
    ]);
    const labels = items.map(labelOf);
    expect(labels.indexOf('Charts')).toBe(labels.indexOf('Match List') + 1);
  });
});
