import { AutoComplete, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import {
  canSearchByReference,
  SUGGESTION_PAUSE_MS,
  type SpotifySuggestion,
  type VideoTrack,
} from '@beatmatch/contracts';
import { ApiError, beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { useErrorToasts } from '../../matchmaker/useErrorToasts';
import { ReferencePage, useReferenceAccess } from '../youtube/referenceAccess';
import { ReferenceTracks } from '../youtube/ReferenceTracks';

/** The suggestions for what was typed, asked for after a 400 ms pause (spec §4 Searches, §9). */
function useSuggestions(input: string, onError: (error: unknown) => void) {
  const [suggestions, setSuggestions] = useState<SpotifySuggestion[]>([]);
  const errorRef = useRef(onError);
  errorRef.current = onError;
  useEffect(() => {
    const text = input.trim();
    if (!text) return setSuggestions([]);
    let live = true;
    const timer = setTimeout(() => {
      beatmatchSdk()
        .api.call('spotify_input', { input: text.slice(0, 200) })
        .then((answer) => live && setSuggestions(answer.suggestions), errorRef.current);
    }, SUGGESTION_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [input]);
  return suggestions;
}

function SuggestionLabel({ suggestion }: { suggestion: SpotifySuggestion }) {
  return (
    <span style={{ display: 'flex', alignItems: 'center', gap: 8 }} data-testid="spotify-suggestion">
      {suggestion.coverArt ? (
        <img src={suggestion.coverArt} alt="" width={32} height={32} style={{ borderRadius: 4 }} />
      ) : null}
      <span>
        <strong>{suggestion.songName}</strong>
        <br />
        <Typography.Text type="secondary">{suggestion.artistName}</Typography.Text>
      </span>
    </span>
  );
}

/**
 * Spotify Search (/spotifySearch, /user/spotifySearch; artist-side spec §2 Streaming-service search):
 * 'Search a Spotify Track' suggests song, artist and cover; choosing one finds beats like the track's
 * audio (processing until analysed). Errors show in red in place of the results (spec §8).
 */
export function SpotifySearchPage() {
  const { access, refused } = useReferenceAccess(canSearchByReference);
  const { toasts, holder } = useErrorToasts();
  const [input, setInput] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [tracks, setTracks] = useState<VideoTrack[]>([]);
  const fail = (error: unknown) => {
    if (!refused(error)) setFailure(error instanceof ApiError ? error.message : String(error));
  };
  const suggestions = useSuggestions(input, fail);

  const choose = async (spotifyId: string) => {
    setFailure(null);
    try {
      const { track } = await beatmatchSdk().api.call('spotify_similar_search', { spotifyId });
      setTracks([track]);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <ReferencePage testId="spotify-page" feature="Spotify Search" access={access} holder={holder}>
      {() => (
        <>
          <AutoComplete
            style={{ width: '100%', marginBottom: 16 }}
            placeholder="Search a Spotify Track"
            aria-label="Search a Spotify Track"
            value={input}
            onChange={(value: string) => {
              setFailure(null);
              setInput(value);
            }}
            onSelect={(id: string) => {
              const chosen = suggestions.find((suggestion) => suggestion.id === id);
              setInput(chosen ? `${chosen.songName} – ${chosen.artistName}` : '');
              void choose(id);
            }}
            options={suggestions.map((suggestion) => ({
              value: suggestion.id,
              label: <SuggestionLabel suggestion={suggestion} />,
            }))}
          />
          {failure ? (
            <Typography.Text type="danger" data-testid="spotify-error">
              {failure}
            </Typography.Text>
          ) : (
            <ReferenceTracks
              tracks={tracks}
              openFirst
              reportError={fail}
              onAdded={(text) => void toasts.success({ content: text, key: 'reference-added' })}
            />
          )}
        </>
      )}
    </ReferencePage>
  );
}
