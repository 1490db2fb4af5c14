import { CrownOutlined } from '@ant-design/icons';
import { Button, Card, Result, Typography } from 'antd';
import { useState } from 'react';
import { LIFETIME_PRICE_CENTS } from '@beatmatch/contracts';
import { beatmatchSdk, type MemberType } from '@beatmatch/frontend-common/sdk';
import { FeatureList } from './FeatureList';
import { formatDollars } from './money';
import { TestPaymentDialog, inAppSession } from './TestPaymentDialog';

const FEATURES = [
  'Every artist and producer benefit, for good',
  'Unlimited uploads, plays and matches',
  'No service fees',
  'One payment, nothing to renew',
];

/**
 * 'The Deal of A Lifetime' (artist-side spec §2 Subscription pages): the lifetime membership, one
 * payment. create_lifetime_checkout answers with the card payment provider's hosted page (the browser
 * goes there) or, with the embedded test provider, the app's own /checkout?session_id=… which the card
 * dialog pays here; `onPaid` then gets the server's URL (the page reloads the member's status and
 * shows the 'Lifetime Membership' view once the verified payment has made them a member).
 */
export function LifetimeOffer({
  type,
  onPaid,
  onError,
}: {
  type: MemberType;
  onPaid: (url: string) => void;
  onError: (error: unknown) => void;
}) {
  const [pending, setPending] = useState(false);
  const [payment, setPayment] = useState<{ sessionId: string; amount: string } | null>(null);
  const price = formatDollars(LIFETIME_PRICE_CENTS / 100);

  const buy = async () => {
    setPending(true);
    try {
      const { url, amount } = await beatmatchSdk().commerce.createLifetimeCheckout(type);
      const sessionId = inAppSession(url);
      if (sessionId) {
        setPayment({ sessionId, amount });
        setPending(false);
      } else {
        window.location.assign(url);
      }
    } catch (error) {
      onError(error);
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="lifetime-deal-heading" data-testid="lifetime-offer" style={{ marginTop: 24 }}>
      <Card
        title={
          <h3 id="lifetime-deal-heading" style={{ margin: 0, fontSize: 20 }}>
            <CrownOutlined style={{ color: '#d4a017', marginRight: 8 }} aria-hidden />
            The Deal of A Lifetime
          </h3>
        }
      >
        <p style={{ fontSize: 28, fontWeight: 700, margin: '0 0 12px' }}>
          {price}
          <span style={{ fontSize: 14, fontWeight: 400 }}> once</span>
        </p>
        <Typography.Paragraph>Lifetime Membership: pay once, keep every benefit.</Typography.Paragraph>
        <FeatureList
          features={FEATURES}
          style={{ listStyle: 'none', padding: 0, margin: '0 0 16px' }}
          itemStyle={{ padding: '2px 0' }}
        />
        <Button
          type="primary"
          loading={pending}
          aria-label={`Buy Lifetime Membership, ${price} once`}
          onClick={() => void buy()}
        >
          Buy Lifetime Membership
        </Button>
      </Card>
      {payment ? (
        <TestPaymentDialog
          sessionId={payment.sessionId}
          amount={payment.amount}
          onClose={() => setPayment(null)}
          onPaid={(url) => {
            setPayment(null);
            onPaid(url);
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * The 'Lifetime Membership' view (artist-side spec §2 Subscription pages: "lifetime members see a
 * 'Lifetime Membership' thank-you"; §6 "Lifetime member: lifetime view"): shown instead of the plans
 * and the offer once member_active_status answers lifer.
 */
export function LifetimeMembershipView() {
  return (
    <Result
      data-testid="lifetime-membership"
      icon={<CrownOutlined style={{ color: '#d4a017' }} aria-hidden />}
      title="Lifetime Membership"
      subTitle="Thank you for being a lifetime member: every benefit is yours, with no service fees and nothing to renew."
    />
  );
}
