import { Alert, Input, Typography } from 'antd';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { matchmaker } from './client';

/** Autosave 3 seconds after the last edit (spec §4 Lyrics, §9). */
export const LYRICS_AUTOSAVE_MS = 3000;
export const SAVE_ERROR = 'Error while saving!';

type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/** The beat's lyrics, loaded once; an edit is saved 3 s later, on `flush` and when the panel closes. */
function useLyrics(beatId: string) {
  const [lyrics, setLyrics] = useState<string | null>(null);
  const [signIn, setSignIn] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [save, setSave] = useState<SaveState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const unsaved = useRef<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    matchmaker()
      .getLyrics(beatId)
      .then(
        (answer) => {
          if (cancelled) return;
          setSignIn(answer.signIn);
          setLyrics(answer.lyrics ?? '');
        },
        (error: unknown) => {
          if (!cancelled) setLoadError(error instanceof Error ? error.message : String(error));
        },
      );
    return () => {
      cancelled = true;
    };
  }, [beatId]);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const text = unsaved.current;
    if (text === null) return;
    unsaved.current = null;
    setSave('saving');
    try {
      await matchmaker().saveLyrics(beatId, text);
      setSave((state) => (unsaved.current === null ? 'saved' : state));
    } catch {
      setSave('error');
    }
  }, [beatId]);

  // Closing the panel (unmount) saves what was not saved yet.
  useEffect(() => () => void flush(), [flush]);

  const edit = (text: string) => {
    setLyrics(text);
    unsaved.current = text;
    setSave('idle');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), LYRICS_AUTOSAVE_MS);
  };

  return { lyrics, signIn, loadError, save, edit, flush };
}

/**
 * The lyrics notepad of a beat (spec §4 Lyrics): loads the beat's lyrics ('Loading Lyrics...'), saves
 * 3 s after the last edit and when closed, and says 'Saved' or 'Error while saving!'. A visitor is told
 * to create a free account (their matches are kept).
 */
export function LyricsPanel({
  beatId,
  beatName,
  signUpPath,
}: {
  beatId: string;
  beatName: string;
  signUpPath: string;
}) {
  const { lyrics, signIn, loadError, save, edit, flush } = useLyrics(beatId);
  const id = useId();

  if (loadError) return <Alert type="error" showIcon title={loadError} className="mm-lyrics" />;
  if (lyrics === null)
    return (
      <p className="mm-lyrics" role="status">
        Loading Lyrics...
      </p>
    );
  if (signIn)
    return (
      <Alert
        className="mm-lyrics"
        type="info"
        showIcon
        data-testid="lyrics-sign-in"
        title={
          <span>
            <Link to={signUpPath}>Create a free account</Link> to write and save lyrics. Your matches are
            kept.
          </span>
        }
      />
    );

  return (
    <div className="mm-lyrics">
      <label htmlFor={id} style={{ display: 'block', fontWeight: 600, marginBottom: 4 }}>
        Lyrics for {beatName}
      </label>
      <Input.TextArea
        id={id}
        rows={20}
        maxLength={20_000}
        value={lyrics}
        onChange={(event) => edit(event.target.value)}
        onBlur={() => void flush()}
      />
      <Typography.Text
        role="status"
        data-testid="lyrics-save-state"
        type={save === 'error' ? 'danger' : 'secondary'}
        style={{ display: 'block', marginTop: 4, minHeight: 22 }}
      >
        {save === 'saved' ? 'Saved' : save === 'error' ? SAVE_ERROR : save === 'saving' ? 'Saving…' : ''}
      </Typography.Text>
    </div>
  );
}
