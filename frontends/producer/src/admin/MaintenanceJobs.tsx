import { callAddress } from '@beatmatch/frontend-common/sdk';
import { Button, Card, Popconfirm, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { CampaignMail } from './CampaignMail';
import { JobProgress } from './JobProgress';
import { maintenanceJobs, type MaintenanceJob } from './jobs';
import { ExcludePrepaidCards, RemoveInactiveBeats } from './Toggles';
import { useJobRun } from './useJobRun';

/** One button: asks to confirm the job, runs it (its progress bar if long), then its result line. */
function JobButton({ job, onDone }: { job: MaintenanceJob; onDone: () => void }) {
  const { running, status, result, go } = useJobRun(onDone);
  const work = 'run' in job ? job.run : job.start;
  return (
    <Space orientation="vertical" size={2}>
      <Popconfirm title={job.confirm} okText="Run" onConfirm={() => go(work)}>
        <Button loading={running}>{job.label}</Button>
      </Popconfirm>
      {status && running ? <JobProgress status={status} /> : null}
      {result ? <Typography.Text role="status">{result}</Typography.Text> : null}
    </Space>
  );
}

/**
 * The e-mail CSV (emailCsv): downloaded when asked, never on opening the page (the spec's page did),
 * and holding only the users who agreed to news mails.
 */
const EmailCsv = () => (
  <Button href={callAddress('emailCsv')} download>
    Download e-mail CSV
  </Button>
);

/** The maintenance buttons (producer-side spec §2 Hidden admin maintenance page). */
export function MaintenanceJobs({ onDone }: { onDone: () => void }) {
  const jobs = useMemo(maintenanceJobs, []);
  return (
    <Card title="Maintenance" size="small">
      <Space orientation="vertical" size="middle">
        {jobs.map((job) => (
          <JobButton key={job.label} job={job} onDone={onDone} />
        ))}
        <CampaignMail onDone={onDone} />
        <RemoveInactiveBeats onDone={onDone} />
        <ExcludePrepaidCards onDone={onDone} />
        <EmailCsv />
      </Space>
    </Card>
  );
}
