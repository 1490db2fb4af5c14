import type { CallAnswer } from '@beatmatch/contracts';
import { Table, Typography } from 'antd';
import { PayoutsPage } from './PayoutsPage';
import { statusTag } from './PayoutsHistory';
import { shownDate, shownDollars, shownMonth } from './payoutMessages';
import { loadPayouts, useLoaded } from './usePayoutsCall';

type Payout = CallAnswer<'payouts_history'>['payouts'][number];

/** $BEAT Payouts (/user/beatPayouts): each token transfer with its amount, date and transaction. */
export function BeatPayouts() {
  const { answer, failed } = useLoaded(loadPayouts);
  const transfers = (answer?.payouts ?? []).filter((payout) => payout.kind === 'token');
  return (
    <PayoutsPage title="$BEAT Payouts" failed={failed} loading={!answer}>
      <Table
        rowKey="payoutId"
        pagination={false}
        dataSource={transfers}
        locale={{ emptyText: 'No $BEAT payouts yet' }}
        columns={[
          { title: 'For', dataIndex: 'month', render: shownMonth },
          { title: 'Amount', dataIndex: 'gross', render: shownDollars },
          { title: 'Date', dataIndex: 'updatedAt', render: shownDate },
          { title: 'Status', dataIndex: 'status', render: statusTag },
          {
            title: 'Transaction',
            render: (_: unknown, payout: Payout) =>
              payout.txHash ? (
                <Typography.Text copyable={{ text: payout.txHash }} code>
                  {`${payout.txHash.slice(0, 10)}…`}
                  {payout.blockNumber !== null ? ` (block ${payout.blockNumber})` : ''}
                </Typography.Text>
              ) : (
                '-'
              ),
          },
        ]}
      />
    </PayoutsPage>
  );
}
