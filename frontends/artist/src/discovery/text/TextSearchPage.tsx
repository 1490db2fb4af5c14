import { SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { TEXT_SEARCH_MAX_CHARACTERS, TEXT_SEARCH_MESSAGES, type DiscoveryMatch } from '@beatmatch/contracts';
import { RemoteTheme } from '@beatmatch/frontend-common';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { MatchmakerStyles } from '../../matchmaker/styles';
import { useErrorToasts } from '../../matchmaker/useErrorToasts';
import { MatchResults } from '../results';

/**
 * Text Search (/textSearch, /user/textSearch; artist-side spec §2 Text search): 'What's on your mind?',
 * the text (required, §5), Search; the beats that fit as match cards with the prices dialog. Open to
 * everyone (§6); a failed search shows the server's message in the error snackbar (§8).
 */
export function TextSearchPage() {
  const { reportError, toasts, holder } = useErrorToasts();
  const [beats, setBeats] = useState<DiscoveryMatch[] | null>(null);
  const [searching, setSearching] = useState(false);

  const search = async ({ textToQuery }: { textToQuery: string }) => {
    setSearching(true);
    try {
      const answer = await beatmatchSdk().api.call('beatmatch_text_search', { textToQuery });
      setBeats(answer.beats);
    } catch (error) {
      reportError(error);
    } finally {
      setSearching(false);
    }
  };

  return (
    <RemoteTheme>
      <MatchmakerStyles />
      {holder}
      <div className="mm-list" data-testid="text-search-page">
        <Form layout="vertical" onFinish={(values) => void search(values)} data-testid="text-search-form">
          <Form.Item
            label={
              <Typography.Title level={4} style={{ margin: 0 }}>
                What&apos;s on your mind?
              </Typography.Title>
            }
            name="textToQuery"
            rules={[{ required: true, whitespace: true, message: TEXT_SEARCH_MESSAGES.textRequired }]}
          >
            <Input.TextArea
              placeholder="Heavy and angry with a lot of bass"
              autoSize={{ minRows: 2, maxRows: 5 }}
              maxLength={TEXT_SEARCH_MAX_CHARACTERS}
              showCount
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={searching}>
            Search
          </Button>
        </Form>
        {beats ? (
          <div style={{ marginTop: 24 }}>
            <MatchResults
              beats={beats}
              emptyText="No beats fit that yet. Try other words."
              reportError={reportError}
              onAdded={(text) => void toasts.success({ content: text, key: 'text-search-added' })}
              testId="text-search-results"
            />
          </div>
        ) : null}
      </div>
    </RemoteTheme>
  );
}
