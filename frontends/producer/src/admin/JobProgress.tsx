import type { AdminJobStatus } from '@beatmatch/contracts';
import { Progress } from 'antd';

/** A running job's bar: done of total, as its service counts them (0 of 0 while it lists its items). */
export function JobProgress({ status }: { status: AdminJobStatus }) {
  const percent = status.total ? Math.floor((status.done * 100) / status.total) : 0;
  return (
    <Progress
      aria-label={`${status.done} of ${status.total}`}
      percent={status.state === 'succeeded' ? 100 : percent}
      status={status.state === 'failed' ? 'exception' : status.state === 'running' ? 'active' : 'success'}
      format={() => `${status.done} / ${status.total}`}
      size="small"
      style={{ width: 320 }}
    />
  );
}
