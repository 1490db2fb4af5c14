import { Suspense, lazy, type ReactNode } from 'react';
import {
  RemotePages,
  SdkVersionCheck,
  USER_BASENAME,
  artistPages,
  type RemoteAppProps,
} from '@beatmatch/frontend-common';
import { PublicArtistPage } from './matchmaker/PublicArtistPage';

// Each page is a chunk of its own: opening one loads only what it shows.
const CartPage = lazy(() => import('./commerce/CartPage').then((m) => ({ default: m.CartPage })));
const PurchasesPage = lazy(() =>
  import('./commerce/PurchasesPage').then((m) => ({ default: m.PurchasesPage })),
);
const ThankYouPage = lazy(() => import('./commerce/ThankYouPage').then((m) => ({ default: m.ThankYouPage })));
const SubscriptionPage = lazy(() =>
  import('./commerce/SubscriptionPage').then((m) => ({ default: m.SubscriptionPage })),
);

const MatchmakerPage = lazy(() =>
  import('./matchmaker/MatchmakerPage').then((m) => ({ default: m.MatchmakerPage })),
);
const MatchListPage = lazy(() =>
  import('./matchmaker/MatchListPage').then((m) => ({ default: m.MatchListPage })),
);
const PlayHistoryPage = lazy(() =>
  import('./matchmaker/PlayHistoryPage').then((m) => ({ default: m.PlayHistoryPage })),
);

const YoutubeSearchPage = lazy(() =>
  import('./discovery/youtube/YoutubeSearchPage').then((m) => ({ default: m.YoutubeSearchPage })),
);
const SpotifySearchPage = lazy(() =>
  import('./discovery/spotify/SpotifySearchPage').then((m) => ({ default: m.SpotifySearchPage })),
);
const MySoundPage = lazy(() =>
  import('./discovery/mySound/MySoundPage').then((m) => ({ default: m.MySoundPage })),
);

const BattlePage = lazy(() => import('./battles/BattlePage').then((m) => ({ default: m.BattlePage })));
const BattlegroundPage = lazy(() =>
  import('./battles/BattlegroundPage').then((m) => ({ default: m.BattlegroundPage })),
);
const SubmissionPage = lazy(() =>
  import('./battles/SubmissionPage').then((m) => ({ default: m.SubmissionPage })),
);
const LeaderboardPage = lazy(() =>
  import('./battles/LeaderboardPage').then((m) => ({ default: m.LeaderboardPage })),
);
const RulesPage = lazy(() => import('./battles/RulesPage').then((m) => ({ default: m.RulesPage })));

const TextSearchPage = lazy(() =>
  import('./discovery/text/TextSearchPage').then((m) => ({ default: m.TextSearchPage })),
);

const page = (element: ReactNode) => (
  <Suspense fallback={<div className="page-loading" role="status" aria-label="Loading" />}>
    {element}
  </Suspense>
);

/** The artist remote: its own logged-in pages, routed under the basename the host gives. */
export default function App({ basename, sdkVersion }: RemoteAppProps) {
  return (
    <SdkVersionCheck remote="artist" hostVersion={sdkVersion}>
      <ArtistPages basename={basename} />
    </SdkVersionCheck>
  );
}

function ArtistPages({ basename }: { basename: string }) {
  // The shell mounts this remote at '/' for the public pages (/matchmaker, /matchList, …, /checkout,
  // /purchase).
  if (basename !== USER_BASENAME)
    return (
      <PublicArtistPage
        pages={{
          matchmaker: page(<MatchmakerPage />),
          matchlist: page(<MatchListPage />),
          playhistory: page(<PlayHistoryPage />),
          textsearch: page(<TextSearchPage />),
          youtubesearch: page(<YoutubeSearchPage />),
          spotifysearch: page(<SpotifySearchPage />),
          mysoundanalyzer: page(<MySoundPage />),
          checkout: page(<CartPage findBeatsPath="/matchmaker" />),
          purchase: page(<ThankYouPage />),
        }}
      />
    );
  return (
    <RemotePages
      pages={artistPages}
      basename={basename}
      elements={{
        matchmaker: page(<MatchmakerPage />),
        matchlist: page(<MatchListPage />),
        playhistory: page(<PlayHistoryPage />),
        textSearch: page(<TextSearchPage />),
        youtubeSearch: page(<YoutubeSearchPage />),
        spotifySearch: page(<SpotifySearchPage />),
        mySoundAnalyzer: page(<MySoundPage />),
        checkout: page(<CartPage />),
        purchases: page(<PurchasesPage />),
        marketplace_pro: page(<SubscriptionPage type="artist" />),
        beatBattle: page(<BattlePage />),
        battleground: page(<BattlegroundPage />),
        submission: page(<SubmissionPage />),
        leaderboard: page(<LeaderboardPage />),
        rules: page(<RulesPage />),
      }}
    />
  );
}
