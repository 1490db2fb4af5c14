import { PAYOUT_METHOD_TERMS, type CallAnswer } from '@beatmatch/contracts';
import { Tag } from 'antd';
import { shownDate, shownDollars, shownMonth } from './payoutMessages';
import { TransactionLink } from './TransactionLink';

type Payout = CallAnswer<'payouts_history'>['payouts'][number];

const STATUS: Record<Payout['status'], { text: string; color: string }> = {
  computed: { text: 'Scheduled', color: 'default' },
  submitted: { text: 'Sent', color: 'blue' },
  paid: { text: 'Paid', color: 'green' },
  returned: { text: 'Returned to your balance', color: 'orange' },
};

/** The payout tables' columns (Payouts History, $BEAT Payouts, the Wallet's latest payouts). */
export const PAYOUT_COLUMNS = {
  month: { title: 'Month', dataIndex: 'month', render: shownMonth },
  method: {
    title: 'Method',
    render: (_: unknown, payout: Payout) =>
      payout.method ? PAYOUT_METHOD_TERMS[payout.method].label : '$BEAT',
  },
  gross: { title: 'Gross', dataIndex: 'gross', render: shownDollars },
  fee: { title: 'Fee', dataIndex: 'fee', render: shownDollars },
  net: { title: 'Net', dataIndex: 'net', render: shownDollars },
  date: { title: 'Date', dataIndex: 'updatedAt', render: shownDate },
  status: {
    title: 'Status',
    dataIndex: 'status',
    render: (status: Payout['status']) => <Tag color={STATUS[status].color}>{STATUS[status].text}</Tag>,
  },
  transaction: {
    title: 'Transaction',
    render: (_: unknown, payout: Payout) => <TransactionLink payout={payout} />,
  },
};
