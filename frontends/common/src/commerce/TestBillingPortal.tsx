import { CreditCardOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Divider, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { PLAN_OFFERS, TEST_PORTAL_QUERY, type MemberType } from '@beatmatch/contracts';
import { formatDollars } from './money';
import { TEST_CARD_NUMBER, inAppPath } from './TestPaymentDialog';

/** What the test provider's portal URL says (null: a real provider's portal page, to go to). */
export interface TestPortal {
  /** The day of the next charge (YYYY-MM-DD), when the provider knows it. */
  nextCharge: string | null;
}

/** The test provider's billing portal is the plan page with TEST_PORTAL_QUERY; else null. */
export function testPortalOf(url: string): TestPortal | null {
  const path = inAppPath(url);
  if (!path) return null;
  const query = new URL(path, window.location.origin).searchParams;
  if (!query.has(TEST_PORTAL_QUERY.session)) return null;
  return { nextCharge: query.get(TEST_PORTAL_QUERY.nextCharge) };
}

const longDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

/**
 * The embedded profile's stand-in for Stripe's Billing Portal (Manage Subscription): the plan and its
 * price, the next charge, a card form and Cancel plan (the plan page's own cancel, which asks first).
 * Test mode: no card is stored and no money moves; the form only checks the number looks like one.
 */
export function TestBillingPortal(props: {
  type: MemberType;
  plan: string | null;
  portal: TestPortal;
  onCancelPlan(): void;
  onClose(): void;
}) {
  const offer = PLAN_OFFERS[props.type].find((candidate) => candidate.id === props.plan);
  const next = props.portal.nextCharge;
  return (
    <Modal open title="Billing portal (test mode)" onCancel={props.onClose} footer={null} destroyOnHidden>
      <Descriptions
        column={1}
        size="small"
        bordered
        data-testid="portal-plan"
        items={[
          { key: 'plan', label: 'Plan', children: offer?.title ?? props.plan ?? '-' },
          {
            key: 'price',
            label: 'Price',
            children: offer ? `${formatDollars(offer.pricePerMonth)} a month` : '-',
          },
          {
            key: 'next',
            label: 'Next charge',
            children: next
              ? `${offer ? formatDollars(offer.pricePerMonth) : ''} on ${longDate(next)}`.trim()
              : 'Monthly',
          },
        ]}
      />
      <Divider plain>Payment method</Divider>
      <ChangeCard />
      <Divider />
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Button danger onClick={props.onCancelPlan}>
          Cancel plan
        </Button>
        <Button type="primary" onClick={props.onClose}>
          Return to Beatmatch
        </Button>
      </Space>
    </Modal>
  );
}

/** The card the plan is charged to (test mode: a test card number, kept nowhere). */
function ChangeCard() {
  const [cardNumber, setCardNumber] = useState(TEST_CARD_NUMBER);
  const [saved, setSaved] = useState<string | null>(null);
  const digits = cardNumber.replace(/\s/g, '');
  const valid = /^\d{12,19}$/.test(digits);
  return (
    <Form layout="vertical" requiredMark={false} onFinish={() => setSaved(digits.slice(-4))}>
      <Form.Item
        label="Card number"
        htmlFor="portal-card-number"
        validateStatus={valid ? undefined : 'error'}
        help={valid ? undefined : 'Please enter a card number.'}
      >
        <Input
          id="portal-card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          prefix={<CreditCardOutlined aria-hidden />}
          value={cardNumber}
          onChange={(event) => {
            setCardNumber(event.target.value);
            setSaved(null);
          }}
        />
      </Form.Item>
      {saved ? (
        <Alert type="success" role="status" title={`Card ending ${saved} will be charged from now on.`} />
      ) : (
        <Button htmlType="submit" disabled={!valid}>
          Update card
        </Button>
      )}
    </Form>
  );
}
