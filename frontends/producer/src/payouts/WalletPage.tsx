import { Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { PayoutsPage } from './PayoutsPage';
import { PAYOUT_COLUMNS } from './payoutColumns';
import { shownDate, shownDollars, shownMonth } from './payoutMessages';
import { loadPayouts, loadWallet, useLoaded } from './usePayoutsCall';

const { month, method, net, status, transaction } = PAYOUT_COLUMNS;

/**
 * Your Wallet (/user/wallet): the real balances from the ledger, the next payout dates, and the latest
 * month's payouts (the $BEAT and fiat parts of the split, each $BEAT transfer with its transaction).
 */
export function WalletPage() {
  const { answer: wallet, failed } = useLoaded(loadWallet);
  const { answer: history } = useLoaded(loadPayouts);
  const latestMonth = history?.payouts[0]?.month;
  const latest = (history?.payouts ?? []).filter((payout) => payout.month === latestMonth);
  return (
    <PayoutsPage title="Your Wallet" failed={failed} loading={!wallet}>
      {wallet ? (
        <>
          <Typography.Paragraph>
            Funds are paid out every first of the month: $BEAT on {shownDate(wallet.nextTokenPayout)}, fiat on{' '}
            {shownDate(wallet.nextFiatPayout)}.
          </Typography.Paragraph>
          <Row gutter={16}>
            {[
              ['Available', wallet.available],
              ['Pending (this month)', wallet.pending],
              ['Paid out', wallet.paid],
            ].map(([label, amount]) => (
              <Col xs={24} sm={8} key={label}>
                <Card>
                  <Statistic title={label} value={shownDollars(amount!)} />
                </Card>
              </Col>
            ))}
          </Row>
          <Table
            style={{ marginTop: 16 }}
            rowKey="month"
            pagination={false}
            dataSource={wallet.months}
            locale={{ emptyText: 'No sales yet' }}
            columns={[
              { title: 'Month', dataIndex: 'month', render: shownMonth },
              { title: 'Earned', dataIndex: 'earned', render: shownDollars },
            ]}
          />
          {latest.length > 0 ? (
            <>
              <Typography.Title level={4} style={{ marginTop: 24 }}>
                Latest payouts
              </Typography.Title>
              <Table
                rowKey="payoutId"
                pagination={false}
                dataSource={latest}
                scroll={{ x: true }}
                columns={[month, method, net, status, transaction]}
              />
            </>
          ) : null}
        </>
      ) : null}
    </PayoutsPage>
  );
}
