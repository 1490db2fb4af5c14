import { Table } from 'antd';
import { PayoutsPage } from './PayoutsPage';
import { PAYOUT_COLUMNS } from './payoutColumns';
import { loadPayouts, useLoaded } from './usePayoutsCall';

const { month, method, gross, fee, net, status, transaction } = PAYOUT_COLUMNS;

/**
 * Payouts History (/user/payoutsHistory): month, method, gross, fee, net and status of every payout,
 * and each $BEAT transfer's transaction.
 */
export function PayoutsHistory() {
  const { answer, failed } = useLoaded(loadPayouts);
  return (
    <PayoutsPage title="Payouts History" failed={failed} loading={!answer}>
      <Table
        rowKey="payoutId"
        pagination={false}
        dataSource={answer?.payouts ?? []}
        locale={{ emptyText: 'No payouts yet' }}
        scroll={{ x: true }}
        columns={[month, method, gross, fee, net, status, transaction]}
      />
    </PayoutsPage>
  );
}
