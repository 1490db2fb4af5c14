import { PAYOUT_METHOD_TERMS, type CallAnswer } from '@beatmatch/contracts';
import { Table, Tag } from 'antd';
import { PayoutsPage } from './PayoutsPage';
import { shownDollars, shownMonth } from './payoutMessages';
import { loadPayouts, useLoaded } from './usePayoutsCall';

type Payout = CallAnswer<'payouts_history'>['payouts'][number];

const STATUS: Record<Payout['status'], { text: string; color: string }> = {
  computed: { text: 'Scheduled', color: 'default' },
  submitted: { text: 'Sent', color: 'blue' },
  paid: { text: 'Paid', color: 'green' },
  returned: { text: 'Returned to your balance', color: 'orange' },
};

export const statusTag = (status: Payout['status']) => (
  <Tag color={STATUS[status].color}>{STATUS[status].text}</Tag>
);

/** Payouts History (/user/payoutsHistory): month, method, gross, fee, net and status of every payout. */
export function PayoutsHistory() {
  const { answer, failed } = useLoaded(loadPayouts);
  return (
    <PayoutsPage title="Payouts History" failed={failed} loading={!answer}>
      <Table
        rowKey="payoutId"
        pagination={false}
        dataSource={answer?.payouts ?? []}
        locale={{ emptyText: 'No payouts yet' }}
        columns={[
          { title: 'Month', dataIndex: 'month', render: shownMonth },
          {
            title: 'Method',
            render: (_: unknown, payout: Payout) =>
              payout.method ? PAYOUT_METHOD_TERMS[payout.method].label : '$BEAT',
          },
          { title: 'Gross', dataIndex: 'gross', render: shownDollars },
          { title: 'Fee', dataIndex: 'fee', render: shownDollars },
          { title: 'Net', dataIndex: 'net', render: shownDollars },
          { title: 'Status', dataIndex: 'status', render: statusTag },
        ]}
      />
    </PayoutsPage>
  );
}
