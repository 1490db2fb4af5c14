import { referralLinkPath } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { App, Button, Card, Input, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';

/** Producer-side spec §8: the copy error, also when there is no link. */
export const CANNOT_COPY = 'Cannot copy. Please refresh and try again.';

type Loaded = { status: 'loading' } | { status: 'done'; code: string | null };

/** The caller's code; a failed load leaves no link (copying then says the spec's error). */
function useReferralCode(): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    beatmatchSdk()
      .api.call('beatmatch_get_referral_link')
      .then((answer) => live && setLoaded({ status: 'done', code: answer.data }))
      .catch(() => live && setLoaded({ status: 'done', code: null }));
    return () => {
      live = false;
    };
  }, []);
  return loaded;
}

/** The Ambassador link card: the sign-up link with the caller's ref code, and Copy. */
function AmbassadorLinkCard({ code }: { code: string | null }) {
  const { message } = App.useApp();
  const link = code ? `${window.location.origin}${referralLinkPath(code)}` : '';
  const copy = async () => {
    try {
      if (!link) throw new Error('no referral link');
      await navigator.clipboard.writeText(link);
      message.success('Copied your referral link');
    } catch {
      message.error(CANNOT_COPY);
    }
  };
  return (
    <Card title="Ambassador link">
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={link} aria-label="Your referral link" />
        <Button type="primary" onClick={() => void copy()}>
          Copy
        </Button>
      </Space.Compact>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        Everyone who signs up through your link becomes your sub-affiliate.
      </Typography.Paragraph>
    </Card>
  );
}

/** Ambassador Program (/user/ambassadorProgram): the referral dashboard. */
export function AmbassadorProgram() {
  const loaded = useReferralCode();
  if (loaded.status === 'loading')
    return (
      <Spin tip="Loading your dashboard">
        <div style={{ minHeight: 120 }} />
      </Spin>
    );
  return <AmbassadorLinkCard code={loaded.code} />;
}
