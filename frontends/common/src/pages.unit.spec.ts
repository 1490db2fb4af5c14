import { findUserPage, publicPages, userPages, userPagesOf } from './pages';

describe('the page catalogue', () => {
  it('has every logged-in route of the artist-side spec §2', () => {
    const specRoutes =
      ' uploadBeats manageBeats beatPacks matchmaker textSearch youtubeSearch spotifySearch mySoundAnalyzer matchlist playhistory ambassadorProgram referralRewards purchases checkout subscriptions marketplace_pro lifetimeMembership payouts beatPayouts payoutsHistory wallet account faq admin beatBattle battleground submission leaderboard rules'.split(
        ' ',
      );
    expect(userPages.map((page) => page.path).sort()).toEqual([...specRoutes].sort());
  });

  it('gives the producer and artist remotes the pages they own', () => {
    expect(userPagesOf('producer').map((page) => page.path)).toEqual([
      '',
      'uploadBeats',
      'manageBeats',
      'beatPacks',
      'payouts',
      'beatPayouts',
      'payoutsHistory',
      'wallet',
      'ambassadorProgram',
      'referralRewards',
      'subscriptions',
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
    ]);
  });

  it("uses the spec's wording for the examples it gives", () => {
    expect(findUserPage('/user')).toMatchObject({
      title: 'Dashboard',
      description: 'View stats for your uploaded beats',
    });
    expect(findUserPage('/user/matchlist')).toMatchObject({
      title: 'Match List',
      description: "Listen to the full beats you've matched with",
    });
  });

  it('finds a page by its first segment under /user only', () => {
    expect(findUserPage('/user/matchmaker/extra')?.title).toBe('The Matchmaker');
    expect(findUserPage('/user/')?.title).toBe('Dashboard');
    expect(findUserPage('/userx/matchmaker')).toBeUndefined();
    expect(findUserPage('/matchmaker')).toBeUndefined();
    expect(findUserPage('/user/nothing')).toBeUndefined();
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
    ]) {
      expect(paths).toContain(path);
    }
  });
});
