import { Alert, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { PAYOUT_MESSAGES } from './payoutMessages';

/** The frame of the payouts pages: a title, the load message on failure, a spinner while loading. */
export function PayoutsPage({
  title,
  failed,
  loading,
  children,
}: {
  title: string;
  failed: boolean;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <div style={{ maxWidth: 960, margin: '0 auto', padding: 16 }}>
      <Typography.Title level={3}>{title}</Typography.Title>
      {failed ? (
        <Alert type="error" showIcon title={PAYOUT_MESSAGES.load} />
      ) : loading ? (
        <Spin style={{ display: 'block', margin: 48 }} aria-label="Loading" />
      ) : (
        children
      )}
    </div>
  );
}
