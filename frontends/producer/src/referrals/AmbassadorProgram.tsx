import { referralLinkPath } from '@beatmatch/contracts';
import { App, Button, Card, Input, Space, Spin, Typography } from 'antd';
import { KickbackStats } from './KickbackStats';
import { PerksPanel } from './PerksPanel';
import { ReferralCards } from './ReferralCards';
import { RevShareCard } from './RevShareCard';
import { useReferralDashboard } from './useReferralDashboard';

/** Producer-side spec §8: the copy error, also when there is no link. */
export const CANNOT_COPY = 'Cannot copy. Please refresh and try again.';

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

/** Ambassador Program (/user/ambassadorProgram): the referral dashboard (producer-side spec §2). */
export function AmbassadorProgram() {
  const { code, data, months } = useReferralDashboard();
  if (code.status === 'loading' || data.status === 'loading')
    return (
      <Spin tip="Loading your dashboard">
        <div style={{ minHeight: 120 }} />
      </Spin>
    );
  const figures = data.status === 'ready' ? data.value : null;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <AmbassadorLinkCard code={code.status === 'ready' ? code.value : null} />
      <ReferralCards data={data} />
      {figures?.isAmbassador ? <RevShareCard active={figures.total} /> : figures ? <PerksPanel /> : null}
      <KickbackStats months={months} />
    </Space>
  );
}
