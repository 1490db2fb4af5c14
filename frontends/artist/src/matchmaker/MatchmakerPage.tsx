import {
  CaretRightFilled,
  CloseOutlined,
  FilterOutlined,
  HeartFilled,
  HistoryOutlined,
  PauseOutlined,
} from '@ant-design/icons';
import { Alert, Badge, Button, Skeleton, Switch, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { RemoteTheme } from '@beatmatch/frontend-common';
import { ApiError } from '@beatmatch/frontend-common/sdk';
import { MATCHMAKER_MESSAGES, type BeatPlayResponse, type PlayerBeat } from '@beatmatch/contracts';
import { LinkButton } from './LinkButton';
import { labPath, useAreaPaths } from './areaPaths';
import { matchmaker } from './client';
import { CoverImage } from './CoverImage';
import { FiltersDialog } from './FiltersDialog';
import { DEFAULT_FILTERS, filterRequest, filtersApplied, matchBadge, type FilterState } from './filters';
import {
  PREVIEW_TAG_INTERVAL_MS,
  previewTagSupported,
  usePreviewTag,
  usePreviewTagOption,
} from './previewTag';
import { useErrorToasts } from './useErrorToasts';
import { MatchmakerStyles } from './styles';

type PlayerStatus = 'loading' | 'ready' | 'noBeat' | 'overlimit' | 'failed' | 'notLive';
type Choice = 'pass' | 'match';

/** The launch the not-live player announces (spec §2 Swipe player: "launching on 08/07/2023"). */
export const MATCHMAKER_LAUNCH = { text: '08/07/2023', at: new Date('2023-08-07T00:00:00Z') };

/** The player is live from the launch on. */
export const isMatchmakerLive = (now: Date = new Date()) => now.getTime() >= MATCHMAKER_LAUNCH.at.getTime();

/** A horizontal drag this far (px) is a swipe: right = Match, left = Pass. */
const SWIPE_DISTANCE = 80;

const isOverlimit = (error: unknown) =>
  error instanceof ApiError &&
  (error.message === MATCHMAKER_MESSAGES.overlimit || error.code === 'overlimit_plays');

/**
 * The swipe player (artist-side spec §2 Swipe player, §4, §8): cover art, title, producer (links to
 * their store), Pass / play-pause / Match, Filters, View History, Matches (count capped at 99) and
 * Upgrade. The snippet loops; Pass and Match record the choice, load the next beat and play it.
 * Keys: ← Pass, → Match, Space play/pause; a swipe on the card left or right does the same.
 * Before the launch (`live` false) it only says when it launches and how many beats are uploaded
 * (total_beats), and Pass, Match and Play are inert.
 * The Preview tag option (off by default, remembered) sounds the Beatmatch tag over the snippet every
 * 12 s of playback at volume 0.7 (spec §9).
 */
export function MatchmakerPage({ live = isMatchmakerLive() }: { live?: boolean } = {}) {
  const paths = useAreaPaths();
  const [params] = useSearchParams();
  const requestedBeat = params.get('beat');
  const { reportError, holder } = useErrorToasts();

  const [status, setStatus] = useState<PlayerStatus>('loading');
  const [beat, setBeat] = useState<PlayerBeat | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  // Pass and Match work once the listener has started playback (spec §4: "already playing").
  const [started, setStarted] = useState(false);
  const [matches, setMatches] = useState(0);
  const [filters, setFilters] = useState<FilterState>(DEFAULT_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const audio = useRef<HTMLAudioElement>(null);
  const playAfterLoad = useRef(false);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const [dragOffset, setDragOffset] = useState(0);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [tagSupported] = useState(previewTagSupported);
  const [tagOn, setTagOn] = usePreviewTagOption();
  const tag = usePreviewTag({
    on: tagOn && tagSupported,
    playing: playing && status === 'ready',
    snippet: beat,
  });
  const tagId = useId();
  const tagHintId = useId();

  const show = useCallback((answer: BeatPlayResponse) => {
    if ('beatId' in answer) {
      setBeat(answer);
      setStatus('ready');
    } else {
      setBeat(null);
      setStatus('noBeat');
      playAfterLoad.current = false;
      setPlaying(false);
    }
  }, []);

  const fail = useCallback(
    (error: unknown) => {
      playAfterLoad.current = false;
      setPlaying(false);
      if (isOverlimit(error)) {
        setBeat(null);
        setStatus('overlimit');
        return;
      }
      // Other player errors show their text as is (spec §8).
      setStatus((current) => (current === 'loading' ? 'failed' : current));
      setFailure(error instanceof ApiError ? error.message : null);
      reportError(error);
    },
    [reportError],
  );

  const load = useCallback(
    async (next: () => Promise<BeatPlayResponse>) => {
      setStatus('loading');
      setFailure(null);
      try {
        show(await next());
      } catch (error) {
        fail(error);
      }
    },
    [show, fail],
  );

  // On load: the device uuid (exclude), the match count, then the beat of ?beat= or a random one.
  // Not live: only the count of uploaded beats (total_beats).
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const client = matchmaker();
      if (!live) {
        setStatus('notLive');
        const total = await client.totalBeats().catch(() => null);
        if (!cancelled && total) setUploaded(total.beats ?? 0);
        return;
      }
      try {
        await client.deviceUuid();
        const count = await client.matchCount().catch(() => ({ matches: 0 }));
        if (!cancelled) setMatches(count.matches ?? 0);
      } catch (error) {
        if (!cancelled) fail(error);
        return;
      }
      if (cancelled) return;
      await load(() =>
        requestedBeat ? client.loadBeatParam(requestedBeat) : client.beatPlay(filterRequest(DEFAULT_FILTERS)),
      );
    })();
    return () => {
      cancelled = true;
    };
  }, [requestedBeat, load, fail, live]);

  // A new beat's audio starts when it was asked for (after Pass / Match), once the element has it.
  useEffect(() => {
    const element = audio.current;
    if (!element || !beat) return;
    if (playAfterLoad.current) {
      element.play().then(
        () => setPlaying(true),
        () => setPlaying(false),
      );
    }
  }, [beat]);

  const togglePlay = () => {
    const element = audio.current;
    // Ignored while loading (spec §4).
    if (!element || !beat || status !== 'ready') return;
    if (element.paused) {
      if (tagOn) tag.prime();
      setStarted(true);
      playAfterLoad.current = true;
      element.play().then(
        () => setPlaying(true),
        () => setPlaying(false),
      );
    } else {
      element.pause();
      setPlaying(false);
    }
  };

  const choose = async (choice: Choice) => {
    if (!beat || status !== 'ready' || !started || busy) return;
    setBusy(true);
    tag.stop();
    playAfterLoad.current = true;
    const chosen = beat;
    try {
      await load(() =>
        matchmaker().beatPlay({
          ...filterRequest(filters),
          beatId: chosen.beatId,
          choiceType: choice,
          seconds: choice,
        }),
      );
      if (choice === 'match') setMatches((count) => count + 1);
    } finally {
      setBusy(false);
    }
  };

  const applyFilters = (next: FilterState) => {
    setFilters(next);
    setFiltersOpen(false);
    void load(() => matchmaker().beatPlay(filterRequest(next)));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (filtersOpen || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target instanceof HTMLElement ? event.target : document.body;
    if (target.closest('input, textarea, select, [role="dialog"], [role="slider"]')) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      void choose('pass');
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      void choose('match');
    } else if (event.key === ' ' && target.tagName !== 'BUTTON' && target.tagName !== 'A') {
      event.preventDefault();
      togglePlay();
    }
  };

  // The keys work wherever the focus is on the page (not only inside the player), except in fields.
  const keyHandler = useRef(onKeyDown);
  useEffect(() => {
    keyHandler.current = onKeyDown;
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setDragOffset(event.clientX - drag.current.x);
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    drag.current = null;
    setDragOffset(0);
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < Math.abs(dy)) return;
    void choose(dx > 0 ? 'match' : 'pass');
  };

  const inert = status !== 'ready' || !started || busy;
  const upgradeLink = (
    <LinkButton to={paths.upgrade} type="primary">
      Upgrade
    </LinkButton>
  );

  let card;
  if (status === 'notLive') {
    card = (
      <Alert
        type="info"
        showIcon
        role="status"
        data-testid="player-not-live"
        title={`Launching on ${MATCHMAKER_LAUNCH.text}`}
        description={
          uploaded === null ? null : `${uploaded} ${uploaded === 1 ? 'beat' : 'beats'} uploaded so far`
        }
      />
    );
  } else if (status === 'overlimit') {
    card = (
      <Alert
        type="warning"
        showIcon
        role="alert"
        data-testid="player-overlimit"
        title={MATCHMAKER_MESSAGES.overlimitText}
        action={upgradeLink}
      />
    );
  } else if (status === 'noBeat') {
    card = (
      <Alert
        type="info"
        showIcon
        role="status"
        data-testid="player-no-beat"
        title={MATCHMAKER_MESSAGES.noBeat}
      />
    );
  } else if (status === 'failed') {
    card = (
      <Alert
        type="error"
        showIcon
        role="alert"
        data-testid="player-error"
        title={failure ?? 'Error - please reload the page and try again.'}
      />
    );
  } else if (status === 'loading' && !beat) {
    card = (
      <div className="mm-cover" aria-hidden>
        <Skeleton.Image active style={{ width: '100%', height: '100%' }} />
      </div>
    );
  } else if (beat) {
    card = (
      <>
        <div
          className="mm-cover mm-swipe"
          data-testid="player-cover"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={() => {
            drag.current = null;
            setDragOffset(0);
          }}
          style={{
            transform: dragOffset ? `translateX(${dragOffset}px) rotate(${dragOffset / 25}deg)` : undefined,
          }}
        >
          <CoverImage url={beat.coverArtUrl} />
          {status === 'loading' ? (
            <span className="mm-pulse" role="status" aria-label="Loading the next beat" />
          ) : null}
        </div>
        <div className="mm-titles">
          <Typography.Title level={2} className="mm-beat-name" data-testid="player-beat-name">
            {beat.beatName}
          </Typography.Title>
          <Link to={labPath(beat.userId)} className="mm-producer" data-testid="player-producer">
            {beat.producer}
          </Link>
          {beat.why ? (
            <Typography.Paragraph type="secondary" className="mm-why" data-testid="player-why">
              Why this beat: {beat.why}
            </Typography.Paragraph>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <RemoteTheme>
      <MatchmakerStyles />
      {holder}
      <section className="mm-player" aria-label="The Matchmaker" data-testid="matchmaker-page">
        <div className="mm-toolbar">
          <Badge dot={filtersApplied(filters)} offset={[-4, 4]}>
            <Button icon={<FilterOutlined />} onClick={() => setFiltersOpen(true)}>
              Filters
            </Button>
          </Badge>
          <LinkButton to={paths.playHistory} icon={<HistoryOutlined />}>
            View History
          </LinkButton>
          <Badge count={matchBadge(matches)} showZero={false} color="#7c3aed">
            <LinkButton
              to={paths.matchList}
              icon={<HeartFilled />}
              aria-label={`Matches (${matches})`}
              data-testid="player-matches"
            >
              Matches
            </LinkButton>
          </Badge>
          {upgradeLink}
        </div>

        <div className="mm-card">{card}</div>

        {beat ? (
          <audio
            ref={audio}
            src={beat.audioSrc}
            loop
            preload="auto"
            data-testid="player-audio"
            aria-label={`Snippet of ${beat.beatName}`}
            onPause={() => setPlaying(false)}
            onPlay={() => setPlaying(true)}
          />
        ) : null}

        <div className="mm-controls" role="group" aria-label="Player controls">
          <Tooltip title={started ? 'Pass (←)' : 'Press play first'}>
            <Button
              shape="circle"
              size="large"
              className="mm-pass"
              icon={<CloseOutlined />}
              aria-label="Pass"
              aria-disabled={inert}
              data-testid="player-pass"
              onClick={() => void choose('pass')}
            />
          </Tooltip>
          <Button
            shape="circle"
            type="primary"
            className="mm-play"
            icon={playing ? <PauseOutlined /> : <CaretRightFilled />}
            aria-label={playing ? 'Pause' : 'Play'}
            aria-pressed={playing}
            disabled={!beat}
            data-testid="player-play"
            onClick={togglePlay}
          />
          <Tooltip title={started ? 'Match (→)' : 'Press play first'}>
            <Button
              shape="circle"
              size="large"
              className="mm-match"
              icon={<HeartFilled />}
              aria-label="Match"
              aria-disabled={inert}
              data-testid="player-match"
              onClick={() => void choose('match')}
            />
          </Tooltip>
        </div>
        <p className="mm-hint">
          {started
            ? 'Swipe or use ← Pass and → Match; Space plays and pauses.'
            : 'Press play to listen, then choose Pass or Match.'}
        </p>
        {tagSupported ? (
          <div className="mm-tag">
            <Switch
              id={tagId}
              size="small"
              checked={tagOn}
              aria-describedby={tagHintId}
              data-testid="player-tag-option"
              onChange={(next) => {
                if (next) tag.prime();
                setTagOn(next);
              }}
            />
            <label htmlFor={tagId}>Preview tag</label>
            <span id={tagHintId} className="mm-tag-hint">
              The Beatmatch tag plays over the snippet every {PREVIEW_TAG_INTERVAL_MS / 1000} seconds.
            </span>
          </div>
        ) : null}
      </section>
      <FiltersDialog
        open={filtersOpen}
        filters={filters}
        onApply={applyFilters}
        onClose={(next) => {
          setFiltersOpen(false);
          // Closing with other filters than the current beat's loads a fresh beat with them.
          if (JSON.stringify(filterRequest(next)) !== JSON.stringify(filterRequest(filters)))
            applyFilters(next);
        }}
      />
    </RemoteTheme>
  );
}
