import { BIO_MAX } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { App, Button, Card, Input } from 'antd';
import { useEffect, useState } from 'react';
import { errorText } from '../manage/manageApi';

/** Bio (producer-side spec §5, §4 Store / profile): 300 characters with a counter; Save only when changed. */
export function BioCard() {
  const { message } = App.useApp();
  const [saved, setSaved] = useState<string>();
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    beatmatchSdk()
      .api.call('get_description')
      .then(({ description }) => {
        setSaved(description);
        setText(description);
      })
      .catch((error: unknown) => message.error(errorText(error)));
  }, [message]);

  const save = async () => {
    setSaving(true);
    try {
      const { description } = await beatmatchSdk().api.call('update_description', { description: text });
      setSaved(description);
      message.success('Bio saved');
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="Bio" size="small">
      <Input.TextArea
        aria-label="Bio"
        // Until the saved bio arrives: what is typed before it would be replaced by it.
        disabled={saved === undefined}
        rows={4}
        maxLength={BIO_MAX}
        showCount
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Button
        type="primary"
        style={{ marginTop: 24 }}
        disabled={saved === undefined || text === saved}
        loading={saving}
        onClick={() => void save()}
      >
        Save
      </Button>
    </Card>
  );
}
