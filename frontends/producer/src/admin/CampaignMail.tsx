import { Button, Input, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { sendCampaign } from './jobs';
import { JobProgress } from './JobProgress';
import { useJobRun } from './useJobRun';

/** send V3 email: a subject and a text, mailed to every user who agreed to news mails (after a confirmation). */
export function CampaignMail({ onDone }: { onDone: () => void }) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const { running, status, result, go } = useJobRun(onDone);
  const ready = subject.trim() !== '' && body.trim() !== '';
  return (
    <Space orientation="vertical" size={4} style={{ width: 420 }}>
      <Input
        aria-label="Mail subject"
        placeholder="Subject"
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
      />
      <Input.TextArea
        aria-label="Mail text"
        placeholder="The news (an unsubscribe link is added below it)"
        rows={3}
        value={body}
        onChange={(e) => setBody(e.target.value)}
      />
      <Popconfirm
        title="Mail this to every user who agreed to news mails?"
        okText="Run"
        disabled={!ready}
        onConfirm={() => go(() => sendCampaign({ subject, body }))}
      >
        <Button loading={running} disabled={!ready}>
          send V3 email
        </Button>
      </Popconfirm>
      {status && running ? <JobProgress status={status} /> : null}
      {result ? <Typography.Text role="status">{result}</Typography.Text> : null}
    </Space>
  );
}
