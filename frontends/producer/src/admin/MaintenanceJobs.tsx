import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { Button, Card, Popconfirm, Space, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { maintenanceJobs, type MaintenanceJob } from './jobs';

const failure = (error: unknown) => `Failed: ${error instanceof Error ? error.message : String(error)}`;

/** One button: asks to confirm a job that changes data, runs it, then shows its result line. */
function JobButton({ job, onDone }: { job: MaintenanceJob; onDone: () => void }) {
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<string>();
  const start = async () => {
    if (!job.run) return setResult(job.missing);
    setRunning(true);
    setResult(await job.run().catch(failure));
    setRunning(false);
    onDone();
  };
  const button = (
    <Button loading={running} onClick={job.run ? undefined : start}>
      {job.label}
    </Button>
  );
  return (
    <Space orientation="vertical" size={2}>
      {job.run ? (
        <Popconfirm title={job.confirm} okText="Run" onConfirm={start}>
          {button}
        </Popconfirm>
      ) : (
        button
      )}
      {result ? <Typography.Text role="status">{result}</Typography.Text> : null}
    </Space>
  );
}

/** Leave prepaid-card payouts out of the runs (payout_exclude_intercash), after a confirmation. */
function ExcludePrepaidCards({ onDone }: { onDone: () => void }) {
  const [exclude, setExclude] = useState(false);
  const [result, setResult] = useState<string>();
  const change = async () => {
    const answer = await beatmatchSdk()
      .api.call('payout_exclude_intercash', { exclude: !exclude })
      .catch((error: unknown) => setResult(failure(error)));
    if (answer) {
      setExclude(answer.exclude);
      setResult(answer.exclude ? 'Prepaid cards are left out of the runs.' : 'Prepaid cards are paid again.');
    }
    onDone();
  };
  return (
    <Space orientation="vertical" size={2}>
      <Popconfirm
        title={exclude ? 'Pay prepaid cards in the runs again?' : 'Leave prepaid cards out of the runs?'}
        okText="Yes"
        onConfirm={change}
      >
        <Space>
          <Switch checked={exclude} aria-label="Exclude prepaid cards" />
          <span>Exclude prepaid cards</span>
        </Space>
      </Popconfirm>
      {result ? <Typography.Text role="status">{result}</Typography.Text> : null}
    </Space>
  );
}

/** The maintenance buttons (producer-side spec §2 Hidden admin maintenance page). */
export function MaintenanceJobs({ onDone }: { onDone: () => void }) {
  const jobs = useMemo(maintenanceJobs, []);
  return (
    <Card title="Maintenance" size="small">
      <Space orientation="vertical" size="middle">
        {jobs.map((job) => (
          <JobButton key={job.label} job={job} onDone={onDone} />
        ))}
        <ExcludePrepaidCards onDone={onDone} />
      </Space>
    </Card>
  );
}
