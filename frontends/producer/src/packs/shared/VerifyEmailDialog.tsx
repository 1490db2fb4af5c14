import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../../manage/manageApi';
import { viewerAccess } from './viewerAccess';

/**
 * 'Verify Your Email' (producer-side spec §2 Shared pack page, §4 private pack access): a signed-out
 * visitor gives their address (step 1), then the code mailed to it (step 2); on success the page reloads.
 * It cannot be dismissed; step 2's Close goes to /login.
 */
export function VerifyEmailDialog({ onVerified }: { onVerified: () => void }) {
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const api = beatmatchSdk().api;
      if (step === 1) {
        await api.call('privatePackSignIn', { step: 1, email });
        setStep(2);
      } else {
        const answer = await api.call('privatePackSignIn', { step: 2, email, code });
        if (answer.step === 2) viewerAccess.set(answer.access);
        onVerified();
      }
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const filled = step === 1 ? email.trim() !== '' : code.trim() !== '';
  return (
    <Modal
      open
      closable={false}
      maskClosable={false}
      keyboard={false}
      title="Verify Your Email"
      footer={
        <Space>
          {step === 2 && <Button onClick={() => navigate('/login')}>Close</Button>}
          <Button type="primary" loading={busy} disabled={!filled} onClick={() => void submit()}>
            {step === 1 ? 'Send Code' : 'Verify'}
          </Button>
        </Space>
      }
    >
      {step === 1 ? (
        <>
          <p>
            This beat pack is private. If it has been shared with your email, we will send you a verification
            code.
          </p>
          <Input
            type="email"
            aria-label="Email"
            placeholder="Email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </>
      ) : (
        <>
          <p>Enter the verification code we sent to {email}.</p>
          <Input
            aria-label="Verification code"
            placeholder="Verification code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </>
      )}
      {error && <Alert type="error" style={{ marginTop: 12 }} message={error} />}
    </Modal>
  );
}
