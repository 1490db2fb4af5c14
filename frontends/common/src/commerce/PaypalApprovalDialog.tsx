import { Button, Modal, Space, Typography } from 'antd';
import { PLAN_OFFERS, type MemberType } from '@beatmatch/contracts';
import { formatDollars } from './money';

/**
 * The embedded profile's stand-in for PayPal's approval page: PayPal asks the buyer to agree before a
 * subscription starts, so this does too. Agree goes on to the return URL (the plan page confirms the
 * subscription there); Cancel leaves nothing started.
 */
export function PaypalApprovalDialog(props: {
  type: MemberType;
  planId: string;
  onApprove(): void;
  onCancel(): void;
}) {
  const offer = PLAN_OFFERS[props.type].find((candidate) => candidate.id === props.planId);
  return (
    <Modal open title="PayPal (test mode)" onCancel={props.onCancel} footer={null} destroyOnHidden>
      <Typography.Paragraph data-testid="paypal-approval">
        Approve your subscription to {offer?.title ?? props.planId}
        {offer ? `: ${formatDollars(offer.pricePerMonth)} a month, billed by PayPal from today` : ''}. You can
        cancel it any time.
      </Typography.Paragraph>
      <Space>
        <Button type="primary" onClick={props.onApprove}>
          Agree &amp; Subscribe
        </Button>
        <Button onClick={props.onCancel}>Cancel and return</Button>
      </Space>
    </Modal>
  );
}
