import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Segmented, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { canAnalyseMySound, type AnalyzedSong, type VideoTrack } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { useErrorToasts } from '../../matchmaker/useErrorToasts';
import { ReferencePage, useReferenceAccess } from '../youtube/referenceAccess';
import { ReferenceTracks } from '../youtube/ReferenceTracks';
import { uploadMySound } from './uploadMySound';

type View = 'List' | 'Upload';
const HINTS: Record<View, string> = {
  List: 'Your analyzed songs: open one to see the beats that fit its sound.',
  Upload: 'Upload a song of yours (MP3) and we will find the beats that fit it.',
};

/** Spec §3 Analyzed song → a track of the list: no tags yet means still processing. */
const trackOf = (song: AnalyzedSong): VideoTrack => ({
  trackId: song.beatId,
  title: song.beatName,
  uploading: song.beatTags || song.error ? 0 : 1,
  ...(song.error ? { error: song.error } : {}),
});

/** The caller's analysed songs; `reload` asks again (after an upload, until the new song is listed). */
function useMySongs(enabled: boolean, onError: (error: unknown) => boolean) {
  const [songs, setSongs] = useState<AnalyzedSong[] | null>(null);
  const reload = useCallback(async () => {
    try {
      const answer = await beatmatchSdk().api.call('beatmatch_my_sound');
      setSongs(answer.songs);
      return answer.songs;
    } catch (error) {
      onError(error);
      return [];
    }
  }, [onError]);
  useEffect(() => {
    if (enabled) void reload();
  }, [enabled, reload]);
  return { songs, reload };
}

/**
 * My Sound Analyzer (/mySoundAnalyzer, /user/mySoundAnalyzer; artist-side spec §2): outside /user
 * 'Action Needed'; without Unlimited 'No Access'; a subscriber sees the analysed songs (View Matches /
 * Close List; processing ones say so and cannot open) and a List/Upload toggle, the upload view
 * opening by itself while the list is empty. Uploads are MP3 only (producer-side spec §4).
 */
export function MySoundPage() {
  const { access, refused } = useReferenceAccess(canAnalyseMySound);
  const { reportError, toasts, holder } = useErrorToasts();
  const onError = useCallback(
    (error: unknown) => refused(error) || (reportError(error), false),
    [refused, reportError],
  );
  const { songs, reload } = useMySongs(access === 'ready', onError);
  const [view, setView] = useState<View | null>(null);
  const shown: View = view ?? (songs && songs.length === 0 ? 'Upload' : 'List');

  /** After an upload: the list, asked again until the catalog's news of the song has reached it. */
  const uploaded = async (songId: string, name: string) => {
    void toasts.success({ content: `Uploaded ${name} successfully`, key: 'my-sound-uploaded' });
    setView('List');
    for (let tries = 0; tries < 20 && !(await reload()).some((song) => song.beatId === songId); tries++)
      await new Promise((resolve) => setTimeout(resolve, 500));
  };

  return (
    <ReferencePage
      testId="my-sound-page"
      feature="My Sound Analyzer"
      access={songs === null && access === 'ready' ? 'loading' : access}
      holder={holder}
    >
      {() => (
        <>
          <Segmented<View>
            options={['List', 'Upload']}
            value={shown}
            onChange={setView}
            style={{ marginBottom: 8 }}
          />
          <Typography.Paragraph type="secondary">{HINTS[shown]}</Typography.Paragraph>
          {shown === 'Upload' ? (
            <UploadForm onUploaded={uploaded} onError={onError} />
          ) : (
            <ReferenceTracks
              tracks={(songs ?? []).map(trackOf)}
              reportError={reportError}
              onAdded={(text) => void toasts.success({ content: text, key: 'reference-added' })}
            />
          )}
        </>
      )}
    </ReferencePage>
  );
}

function UploadForm(props: {
  onUploaded(songId: string, name: string): Promise<void>;
  onError(error: unknown): void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async ({ name }: { name: string }) => {
    if (!file) return;
    setBusy(true);
    try {
      await props.onUploaded(await uploadMySound(name.trim(), file), name.trim());
    } catch (error) {
      props.onError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" onFinish={(values) => void submit(values)} data-testid="my-sound-upload">
      <Form.Item label="MP3" required>
        <input
          type="file"
          accept=".mp3,audio/mpeg"
          aria-label="MP3"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </Form.Item>
      <Form.Item
        label="Song name"
        name="name"
        rules={[{ required: true, whitespace: true, message: 'Please name your song.' }]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<UploadOutlined />} loading={busy} disabled={!file}>
        Upload
      </Button>
    </Form>
  );
}
