import type { CallAnswer } from '@beatmatch/contracts';
import { Typography } from 'antd';

type Payout = CallAnswer<'payouts_history'>['payouts'][number];

/**
 * A $BEAT payout's transfer: a link to it on the block explorer the server is configured with
 * (BEAT_EXPLORER_URL), else its transaction hash, whole, to copy; '-' before it has one.
 */
export function TransactionLink({ payout }: { payout: Payout }) {
  const { txHash, explorerUrl, blockNumber } = payout;
  if (!txHash) return <>-</>;
  const block = blockNumber !== null ? ` (block ${blockNumber})` : '';
  if (explorerUrl)
    return (
      <Typography.Link
        href={explorerUrl}
        target="_blank"
        rel="noopener noreferrer"
        copyable={{ text: txHash }}
      >
        {`${txHash.slice(0, 10)}…${block}`}
      </Typography.Link>
    );
  return (
    <Typography.Text copyable={{ text: txHash }} code style={{ wordBreak: 'break-all' }}>
      {txHash}
      {block}
    </Typography.Text>
  );
}
