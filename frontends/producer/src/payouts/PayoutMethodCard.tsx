import {
  PAYOUT_METHOD_TERMS,
  PAYOUT_METHODS,
  type PayoutMethod,
  type PayoutMethodDetails,
} from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { Alert, App, Button, Card, Form, Radio, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { MethodFields } from './MethodFields';
import { PAYOUT_MESSAGES, shownDollars } from './payoutMessages';

const minimumText = (method: PayoutMethod) => {
  const cents = PAYOUT_METHOD_TERMS[method].minimumCents;
  return cents === 0 ? 'none' : shownDollars((cents / 100).toFixed(2));
};

/**
 * The fiat method (issue 22 onboarding): the five methods with each one's minimum and fee shown before
 * the producer chooses, then what the chosen method needs.
 */
export function PayoutMethodCard() {
  const { message } = App.useApp();
  const [current, setCurrent] = useState<string | null>(null);
  const [method, setMethod] = useState<PayoutMethod | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<Record<string, string>>();

  useEffect(() => {
    void beatmatchSdk()
      .api.call('get_payout_method')
      .then((answer) => {
        setCurrent(answer.summary);
        setMethod(answer.method);
      })
      .catch(() => setError(PAYOUT_MESSAGES.load));
  }, []);

  const save = async (values: Record<string, string>) => {
    setError(null);
    try {
      const answer = await beatmatchSdk().api.call('save_payout_method', {
        ...values,
        method,
      } as PayoutMethodDetails);
      setCurrent(answer.summary);
      message.success('Your payout method is set up.');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <Card title="Fiat payouts">
      <Typography.Paragraph>
        Fiat payouts are sent on the 15th of every month for the prior month&apos;s sales.
        {current ? ` Now: ${current}.` : ' No method chosen yet.'}
      </Typography.Paragraph>
      <Radio.Group value={method} onChange={(event) => setMethod(event.target.value as PayoutMethod)}>
        <Space direction="vertical">
          {PAYOUT_METHODS.map((option) => (
            <Radio key={option} value={option}>
              {PAYOUT_METHOD_TERMS[option].label} — minimum {minimumText(option)}, fee{' '}
              {PAYOUT_METHOD_TERMS[option].feeText}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} /> : null}
      {method ? (
        <Form form={form} layout="vertical" onFinish={save} style={{ marginTop: 16 }} key={method}>
          <MethodFields method={method} />
          <Button type="primary" htmlType="submit">
            Save payout method
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}
