import { CreditCardOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  beatmatchSdk,
  isNotAuthenticated,
} from '@beatmatch/frontend-common/sdk';
import { formatDollars } from './money';

export const TEST_CARD_NUMBER = '4242 4242 4242 4242';

/** A URL of this app (relative, or absolute on this origin) as a router path; null for elsewhere. */
export function inAppPath(url: string): string | null {
  const target = new URL(url, window.location.origin);
  return target.origin === window.location.origin ? target.pathname + target.search : null;
}

/**
 * The test provider's checkout "page" is the app's own /checkout with the session in the query (the
 * cart's and the plans' checkouts alike): its session id, or null for a real provider's page.
 */
export function inAppSession(url: string): string | null {
  const path = inAppPath(url);
  if (!path) return null;
  const target = new URL(path, window.location.origin);
  if (target.pathname !== '/checkout' && target.pathname !== '/user/checkout') return null;
  return target.searchParams.get('session_id');
}

/**
 * The payment dialog of the embedded profile's test provider (no Stripe keys): checkout answers with
 * the app's own /checkout?session_id=…, and this form pays that session with a test card. A declined
 * or refused card is said in the dialog; a paid one sends the buyer where the server says (Purchases).
 */
export function TestPaymentDialog({
  sessionId,
  amount,
  trialDays = 0,
  onClose,
  onPaid,
}: {
  sessionId: string;
  amount?: string | undefined;
  /** A plan's free trial: nothing is charged today, the first charge comes after these days. */
  trialDays?: number;
  onClose: () => void;
  onPaid: (url: string) => void;
}) {
  const [cardNumber, setCardNumber] = useState(TEST_CARD_NUMBER);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pay = async () => {
    setPaying(true);
    setError(null);
    try {
      const answer = await beatmatchSdk().commerce.testCheckoutPay({ sessionId, cardNumber });
      onPaid(answer.url);
    } catch (failure) {
      if (isNotAuthenticated(failure)) beatmatchSdk().session.clear();
      setError(failure instanceof ApiError ? failure.message : NETWORK_ERROR_MESSAGE);
      setPaying(false);
    }
  };

  return (
    <Modal open title="Payment" onCancel={onClose} footer={null} destroyOnHidden>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="Test payments: no money moves. Use the test card 4242 4242 4242 4242."
      />
      <Form layout="vertical" onFinish={() => void pay()} requiredMark={false}>
        <Form.Item label="Card number" htmlFor="test-card-number" required>
          <Input
            id="test-card-number"
            inputMode="numeric"
            autoComplete="cc-number"
            prefix={<CreditCardOutlined aria-hidden />}
            value={cardNumber}
            onChange={(event) => setCardNumber(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'test-card-error' : undefined}
          />
        </Form.Item>
        {trialDays > 0 && amount ? <TrialTerms amount={amount} trialDays={trialDays} /> : null}
        {error ? (
          <Alert id="test-card-error" type="error" role="alert" title={error} style={{ marginBottom: 16 }} />
        ) : null}
        <Button type="primary" htmlType="submit" block size="large" loading={paying}>
          {trialDays > 0
            ? `Start ${trialDays}-day free trial`
            : amount
              ? `Pay ${formatDollars(amount)}`
              : 'Pay'}
        </Button>
      </Form>
    </Modal>
  );
}

/** The day a trial of `trialDays` started today ends, as the dialog names it ('December 2, 2026'). */
export function trialEndDate(trialDays: number, today = new Date()): string {
  const end = new Date(today.getTime());
  end.setDate(end.getDate() + trialDays);
  return end.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** What a trial costs today ($0.00) and when and how much the first charge is. */
function TrialTerms({ amount, trialDays }: { amount: string; trialDays: number }) {
  return (
    <div data-testid="trial-terms" style={{ marginBottom: 16 }}>
      <p style={{ margin: 0, fontSize: 16 }}>
        Due today: <strong>{formatDollars(0)}</strong>
      </p>
      <p style={{ margin: 0 }}>
        Your first charge of {formatDollars(amount)} is on {trialEndDate(trialDays)}, then{' '}
        {formatDollars(amount)} a month. Cancel before then and you pay nothing.
      </p>
    </div>
  );
}
