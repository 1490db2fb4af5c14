import { Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { PayoutsPage } from './PayoutsPage';
import { shownDate, shownDollars, shownMonth } from './payoutMessages';
import { loadWallet, useLoaded } from './usePayoutsCall';

/** Your Wallet (/user/wallet): the real balances from the ledger and the next payout dates. */
export function WalletPage() {
  const { answer: wallet, failed } = useLoaded(loadWallet);
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
        </>
      ) : null}
    </PayoutsPage>
  );
}
