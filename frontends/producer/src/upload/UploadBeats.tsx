import { CheckCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Result, Steps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from './checks';
import { ConversionStatus } from './ConversionStatus';
import { DetailsStep } from './DetailsStep';
import { SnippetStep } from './SnippetStep';
import { UploadProgressStep } from './UploadProgressStep';
import { useNeedsSubscription } from './useNeedsSubscription';
import { useUploadAllowance } from './useUploadAllowance';
import { useUploadWizard } from './useUploadWizard';

/** The upload wizard (producer-side spec §2 Upload page, §4 Upload wizard and phases, §5). */
export function UploadBeats() {
  const navigate = useNavigate();
  const needsSubscription = useNeedsSubscription();
  const allowance = useUploadAllowance();
  const { step, setStep, formError, uploaded, setUploaded, details, conversion, progress, next, upload } =
    useUploadWizard();
  const { isPrivate, files } = details;
  return (
    <div style={{ maxWidth: 760, margin: '0 auto', padding: '16px 8px' }}>
      {needsSubscription ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={MESSAGES.freeCap}
          action={
            <Button size="small" type="primary" onClick={() => navigate('../subscriptions')}>
              Subscribe
            </Button>
          }
          data-testid="free-cap-banner"
        />
      ) : null}
      {uploaded ? (
        <UploadedResult
          text={uploaded}
          onAnother={() => {
            allowance.askAgain();
            setUploaded(undefined);
          }}
        />
      ) : allowance.refusal && step === 0 ? (
        <CapReached refusal={allowance.refusal} />
      ) : (
        <Card>
          {/* A private upload has no snippet step: its details, then the upload (spec §4). */}
          <Steps
            current={isPrivate ? (step === 2 ? 1 : 0) : step}
            size="small"
            style={{ marginBottom: 24 }}
            items={
              isPrivate
                ? [{ title: 'Details' }, { title: 'Upload' }]
                : [{ title: 'Details' }, { title: 'Snippet' }, { title: 'Upload' }]
            }
          />
          {formError ? (
            <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} role="alert" />
          ) : null}
          {step === 0 ? <DetailsStep details={details} onNext={next} /> : null}
          {step === 1 && files.wav ? (
            <SnippetStep
              wav={files.wav}
              conversion={conversion}
              onBack={() => setStep(0)}
              onUpload={() => void upload()}
            />
          ) : null}
          {step === 2 && progress.convertingForUpload ? (
            <ConversionStatus converting={conversion.converting} />
          ) : null}
          {step === 2 && !progress.convertingForUpload ? (
            <UploadProgressStep progress={progress} isPrivate={isPrivate} withStems={Boolean(files.stems)} />
          ) : null}
        </Card>
      )}
    </div>
  );
}

/** The success text, with the way to Manage Beats or to the next upload. */
function UploadedResult({ text, onAnother }: { text: string; onAnother(): void }) {
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      icon={<CheckCircleOutlined />}
      title={text}
      subTitle="Its DNA test runs now; Manage Beats shows it as soon as it is done."
      extra={[
        <Button key="manage" type="primary" onClick={() => navigate('../manageBeats')}>
          Manage Beats
        </Button>,
        <Button key="again" onClick={onAnother}>
          Upload another beat
        </Button>,
      ]}
    />
  );
}

/** The plan's upload cap is reached: said before the wizard starts, with the ways on. */
function CapReached({ refusal }: { refusal: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={refusal}
      subTitle="Delete a beat in Manage Beats to free its slot, or subscribe to upload more."
      extra={[
        <Button key="subscribe" type="primary" onClick={() => navigate('../subscriptions')}>
          Subscribe
        </Button>,
        <Button key="manage" onClick={() => navigate('../manageBeats')}>
          Manage Beats
        </Button>,
      ]}
      data-testid="upload-cap-reached"
    />
  );
}
