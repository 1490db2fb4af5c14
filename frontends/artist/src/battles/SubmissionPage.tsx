import { Alert, Button, Card, Form, Input, Progress, Result, Spin, Typography, Upload } from 'antd';
import { useState } from 'react';
import { uploadBattleEntry, type BattleUploadStep } from './battleUpload';
import { useBattles, when } from './useBattles';

const STEP_TEXT: Record<BattleUploadStep, string> = {
  uploading: 'Uploading. Please wait a few minutes.',
  checking: 'Checking upload. Please wait a moment',
  entering: 'Entering your beat in the battle…',
};

/** /user/submission: a producer enters one MP3 in the open battle (the beat battle upload path). */
export function SubmissionPage() {
  const { battles, current, error, reload } = useBattles();
  if (error) return <Alert type="error" title={error} showIcon />;
  if (!battles) return <Spin />;
  if (!current) return <Result status="info" title="No beat battle is open. Check back soon!" />;
  if (current.myEntry)
    return (
      <Result
        status="success"
        title={`Your beat "${current.myEntry.beatName}" is in "${current.theme}".`}
        subTitle="One entry per producer. Share the Battleground so listeners vote!"
      />
    );
  if (current.phase !== 'open')
    return <Result status="info" title="Submissions for this battle are closed." subTitle={current.theme} />;
  return (
    <SubmissionForm
      battleId={current.battleId}
      theme={current.theme}
      closesAt={current.submissionsCloseAt}
      onEntered={() => void reload()}
    />
  );
}

function SubmissionForm(props: { battleId: string; theme: string; closesAt: string; onEntered: () => void }) {
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<{ step: BattleUploadStep; percent: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    if (!file || !name.trim()) return;
    setFailure(null);
    try {
      await uploadBattleEntry(props.battleId, name.trim(), file, (step, percent) =>
        setProgress({ step, percent }),
      );
      props.onEntered();
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setProgress(null);
    }
  };
  return (
    <Card title={`Enter "${props.theme}"`}>
      <Typography.Paragraph>
        One MP3 per producer, until {when(props.closesAt)}. Listeners hear it without your name.
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label="Beat name" required>
          <Input
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={100}
            aria-label="Beat name"
          />
        </Form.Item>
        <Form.Item label="MP3" required>
          <Upload
            accept=".mp3,audio/mpeg"
            maxCount={1}
            beforeUpload={(chosen) => {
              setFile(chosen);
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button>Choose MP3</Button>
          </Upload>
        </Form.Item>
        <Button type="primary" htmlType="submit" disabled={!file || !name.trim() || progress !== null}>
          Submit
        </Button>
      </Form>
      {progress && (
        <div role="status" style={{ marginTop: 16 }}>
          <Typography.Text>{STEP_TEXT[progress.step]}</Typography.Text>
          <Progress percent={progress.percent} />
        </div>
      )}
      {failure && <Alert style={{ marginTop: 16 }} type="error" title={failure} showIcon />}
    </Card>
  );
}
