import { MAIL_CONSENT_MESSAGES } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { App, Card, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { errorText } from '../manage/manageApi';

/**
 * News mails: agree or withdraw (the same consent the sign-up box and a campaign mail's unsubscribe
 * link set). Campaign mails and the admin's e-mail CSV reach only users who agreed.
 */
export function NewsMailCard() {
  const { message } = App.useApp();
  const [agreed, setAgreed] = useState<boolean>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    beatmatchSdk()
      .api.call('mail_consent_get')
      .then((consent) => setAgreed(consent.agreed))
      .catch((error: unknown) => message.error(errorText(error)));
  }, [message]);

  const change = async (next: boolean) => {
    setSaving(true);
    try {
      setAgreed((await beatmatchSdk().api.call('mail_consent_set', { agreed: next })).agreed);
      message.success(next ? 'You will get Beatmatch news mails.' : 'You will not get news mails any more.');
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="News Mails" size="small">
      <Space>
        <Switch
          id="news-mails"
          checked={agreed ?? false}
          disabled={agreed === undefined}
          loading={saving}
          onChange={(next) => void change(next)}
        />
        <Typography.Text>
          <label htmlFor="news-mails">{MAIL_CONSENT_MESSAGES.agree}</label>
        </Typography.Text>
      </Space>
    </Card>
  );
}
