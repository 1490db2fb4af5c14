import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { canSearchByReference, REFERENCE_MESSAGES, type VideoTrack } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { useErrorToasts } from '../../matchmaker/useErrorToasts';
import { ReferencePage, useReferenceAccess } from './referenceAccess';
import { ReferenceTracks } from './ReferenceTracks';

/**
 * YouTube Search (/youtubeSearch, /user/youtubeSearch; artist-side spec §2 Video-site search): Track
 * title and YouTube URL, Search; the searched tracks, processing until their audio is analysed, then
 * View Matches / Close List. Needs login and the Professional or Unlimited plan.
 */
export function YoutubeSearchPage() {
  const { access, refused } = useReferenceAccess(canSearchByReference);
  const { reportError, toasts, holder } = useErrorToasts();
  const [tracks, setTracks] = useState<VideoTrack[]>([]);
  const [searching, setSearching] = useState(false);

  const search = async (values: { trackTitle: string; url: string }) => {
    setSearching(true);
    try {
      const answer = await beatmatchSdk().api.call('beatmatch_youtube_search', values);
      setTracks(answer.tracks);
    } catch (error) {
      if (!refused(error)) reportError(error);
    } finally {
      setSearching(false);
    }
  };

  return (
    <ReferencePage testId="youtube-page" feature="YouTube Search" access={access} holder={holder}>
      {() => (
        <>
          <Form layout="vertical" onFinish={(values) => void search(values)} data-testid="youtube-form">
            <Form.Item
              label="Track title"
              name="trackTitle"
              rules={[{ required: true, whitespace: true, message: REFERENCE_MESSAGES.trackTitleRequired }]}
            >
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item
              label="YouTube URL"
              name="url"
              rules={[
                { required: true, whitespace: true, message: REFERENCE_MESSAGES.urlRequired },
                { type: 'url', message: REFERENCE_MESSAGES.urlInvalid },
              ]}
            >
              <Input inputMode="url" placeholder="https://www.youtube.com/watch?v=…" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={searching}>
              Search
            </Button>
          </Form>
          <ReferenceTracks
            tracks={tracks}
            reportError={reportError}
            onAdded={(text) => void toasts.success({ content: text, key: 'reference-added' })}
          />
        </>
      )}
    </ReferencePage>
  );
}
