import { Table } from 'antd';
import { PayoutsPage } from './PayoutsPage';
import { PAYOUT_COLUMNS } from './payoutColumns';
import { loadPayouts, useLoaded } from './usePayoutsCall';

const { month, gross, date, status, transaction } = PAYOUT_COLUMNS;

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
        scroll={{ x: true }}
        columns={[{ ...month, title: 'For' }, { ...gross, title: 'Amount' }, date, status, transaction]}
      />
    </PayoutsPage>
  );
}
