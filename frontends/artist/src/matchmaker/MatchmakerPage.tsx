import { LinkButton, RemoteTheme } from '@beatmatch/frontend-common';
import { useSearchParams } from 'react-router-dom';
import { useAreaPaths } from './areaPaths';
import { FiltersDialog } from './FiltersDialog';
import { filterRequest } from './filters';
import { isMatchmakerLive } from './launch';
import { PlayerCard } from './PlayerCard';
import { PlayerControls } from './PlayerControls';
import { PlayerToolbar } from './PlayerToolbar';
import { PreviewTagOption } from './PreviewTagOption';
import { MatchmakerStyles } from './styles';
import { useDemoProgress } from './useDemoProgress';
import { useErrorToasts } from './useErrorToasts';
import { useMarketplacePro } from './useMarketplacePro';
import { usePlayer } from './usePlayer';
import { usePlayerKeys } from './usePlayerKeys';
import { useSwipe } from './useSwipe';

/**
 * The swipe player (artist-side spec §2 Swipe player, §4, §8): cover art, title, producer (links to
 * their store), Pass / play-pause / Match, Filters, View History, Matches (count capped at 99) and
 * Upgrade (not for Marketplace Pro members). The snippet loops; Pass and Match record the choice, load the next beat and play it.
 * Keys: ← Pass, → Match, Space play/pause; a swipe on the card left or right does the same.
 * Before the launch (`live` false) it only says when it launches and how many beats are uploaded
 * (total_beats), and Pass, Match and Play are inert.
 * The Preview tag option (off by default, remembered) sounds the Beatmatch tag over the snippet every
 * 12 s of playback at volume 0.7 (spec §9).
 */
export function MatchmakerPage({ live = isMatchmakerLive() }: { live?: boolean } = {}) {
  const paths = useAreaPaths();
  const [params] = useSearchParams();
  const { reportError, holder } = useErrorToasts();
  const player = usePlayer(live, params.get('beat'), reportError);
  usePlayerKeys(player);
  const swipe = useSwipe((direction) => void player.choose(direction === 'right' ? 'match' : 'pass'));
  const { beat, playback, filtering, previewTag } = player;
  const { filters } = filtering;
  // On a first start the demo catalogue is still being made: say how far, and try again as beats come.
  const demoProgress = useDemoProgress(player.status === 'noBeat', () => filtering.applyFilters(filters));
  // Subscribers have nothing to upgrade to: no Upgrade for them.
  const upgradeLink = useMarketplacePro() ? null : (
    <LinkButton to={paths.upgrade} type="primary">
      Upgrade
    </LinkButton>
  );

  return (
    <RemoteTheme>
      <MatchmakerStyles />
      {holder}
      <section className="mm-player" aria-label="The Matchmaker" data-testid="matchmaker-page">
        <PlayerToolbar
          paths={paths}
          filters={filters}
          matches={player.matches}
          onFilters={() => filtering.setFiltersOpen(true)}
          upgradeLink={upgradeLink}
        />

        <div className="mm-card">
          <PlayerCard player={player} swipe={swipe} upgradeLink={upgradeLink} demoProgress={demoProgress} />
        </div>

        {beat ? (
          <audio
            ref={playback.audio}
            src={beat.audioSrc}
            loop
            preload="auto"
            data-testid="player-audio"
            aria-label={`Snippet of ${beat.beatName}`}
            onPause={() => playback.setPlaying(false)}
            onPlay={() => playback.setPlaying(true)}
          />
        ) : null}

        <PlayerControls player={player} />
        {previewTag.supported ? <PreviewTagOption on={previewTag.on} onChange={previewTag.change} /> : null}
      </section>
      <FiltersDialog
        open={filtering.filtersOpen}
        filters={filters}
        onApply={filtering.applyFilters}
        onClose={(next) => {
          filtering.setFiltersOpen(false);
          // Closing with other filters than the current beat's loads a fresh beat with them.
          if (JSON.stringify(filterRequest(next)) !== JSON.stringify(filterRequest(filters)))
            filtering.applyFilters(next);
        }}
      />
    </RemoteTheme>
  );
}
