import { Button, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { DiscoveryMatch, VideoTrack } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { MatchResults } from '../results';

/** How often a processing track asks whether it is done. */
export const PROCESSING_POLL_MS = 3000;
/** Spec §2: a track still processing says so, and to refresh in a few minutes. */
export const PROCESSING_TEXT = 'Processing… refresh in a few minutes.';

const findMatches = (trackId: string) => beatmatchSdk().api.call('beatmatch_youtube_find', { trackId });

/**
 * Keeps the processing tracks of a list current: each asks for its matches every few seconds until it
 * is analysed (or failed), so the page updates by itself; the matches it brings are kept for View Matches.
 */
export function useProcessingTracks(tracks: VideoTrack[], onError: (error: unknown) => void) {
  const [current, setCurrent] = useState<Record<string, VideoTrack>>({});
  const [matches, setMatches] = useState<Record<string, DiscoveryMatch[]>>({});
  const processing = tracks.filter((track) => (current[track.trackId] ?? track).uploading > 0);
  const pending = processing.map((track) => track.trackId).join(',');
  const errorRef = useRef(onError);
  errorRef.current = onError;
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      for (const trackId of pending.split(',')) {
        findMatches(trackId).then(({ track, beats }) => {
          setCurrent((known) => ({ ...known, [trackId]: track }));
          if (track.uploading === 0) setMatches((known) => ({ ...known, [trackId]: beats }));
        }, errorRef.current);
      }
    }, PROCESSING_POLL_MS);
    return () => clearInterval(timer);
  }, [pending]);
  const shown = tracks.map((track) => current[track.trackId] ?? track);
  return { tracks: shown, matches, setMatches };
}

/**
 * The searched tracks (spec §2, §4 Searches): a processing track says so and cannot open; an analysed
 * one's View Matches loads its matches once, then toggles Close List / View Matches.
 */
export function ReferenceTracks(props: {
  tracks: VideoTrack[];
  reportError(error: unknown): void;
  onAdded(text: string): void;
  /** Open this track's matches as soon as they are there (the Spotify pick). */
  openFirst?: boolean;
}) {
  const { tracks, matches, setMatches } = useProcessingTracks(props.tracks, props.reportError);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [loading, setLoading] = useState<string | null>(null);

  const toggle = async (track: VideoTrack) => {
    if (open[track.trackId]) return setOpen((now) => ({ ...now, [track.trackId]: false }));
    if (!matches[track.trackId]) {
      setLoading(track.trackId);
      try {
        const { beats } = await findMatches(track.trackId);
        setMatches((known) => ({ ...known, [track.trackId]: beats }));
      } catch (error) {
        props.reportError(error);
        return;
      } finally {
        setLoading(null);
      }
    }
    setOpen((now) => ({ ...now, [track.trackId]: true }));
  };

  return (
    <ul className="mm-rows" aria-label="Your tracks" data-testid="reference-tracks">
      {tracks.map((track, index) => {
        const shown = open[track.trackId] ?? (props.openFirst && index === 0 && !!matches[track.trackId]);
        return (
          <li key={track.trackId} className="mm-row" data-testid="reference-track">
            <div className="mm-row-main">
              <Typography.Text strong style={{ flex: 1 }}>
                {track.title}
              </Typography.Text>
              {track.uploading > 0 ? (
                <Typography.Text type="secondary">{PROCESSING_TEXT}</Typography.Text>
              ) : null}
              {track.error ? <Typography.Text type="danger">{track.error}</Typography.Text> : null}
              <Button
                disabled={track.uploading > 0 || !!track.error}
                loading={loading === track.trackId}
                aria-expanded={shown}
                onClick={() => void toggle(track)}
              >
                {shown ? 'Close List' : 'View Matches'}
              </Button>
            </div>
            {shown ? (
              <MatchResults
                beats={matches[track.trackId] ?? []}
                emptyText="No beats fit this song yet."
                reportError={props.reportError}
                onAdded={props.onAdded}
                testId="reference-matches"
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
