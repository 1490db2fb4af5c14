import { Button, Card, Typography } from 'antd';
import { PLAN_OFFERS, type PlanOffer } from '@beatmatch/contracts';
import type { MemberType } from '@beatmatch/frontend-common/sdk';
import { FeatureList } from './FeatureList';
import { LifetimeOffer } from './LifetimeOffer';
import type { PaypalSubscription } from './usePaypalSubscription';

const HEADINGS: Record<MemberType, { title: string; intro: string }> = {
  artist: {
    title: 'Marketplace Pro',
    intro: 'Unlimited plays and matches, your play history and no service fees on every plan.',
  },
  producer: {
    title: 'Producer Plans',
    intro: 'Upload more beats and keep them active for artists to hear. 0% seller commission.',
  },
};

const PLAN_GRID = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: 16,
  gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
} as const;

/** The plan offer of a member without a plan: the family's heading, its plan cards, then 'The Deal of A Lifetime'. */
export function PlanOffers(props: {
  type: MemberType;
  pending: string | null;
  paypal: PaypalSubscription;
  onSubscribe(plan: PlanOffer): void;
  onPaid(url: string): void;
  onError(error: unknown): void;
}) {
  const { type } = props;
  return (
    <section aria-labelledby={`${type}-plans-heading`} style={{ padding: '24px 16px' }}>
      <Typography.Title level={2} id={`${type}-plans-heading`} style={{ textAlign: 'center', marginTop: 0 }}>
        {HEADINGS[type].title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        {HEADINGS[type].intro}
      </Typography.Paragraph>
      <ul aria-label="Plans" style={PLAN_GRID}>
        {PLAN_OFFERS[type].map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            pending={props.pending}
            paypal={props.paypal}
            onSubscribe={props.onSubscribe}
          />
        ))}
      </ul>
      <LifetimeOffer type={type} onPaid={props.onPaid} onError={props.onError} />
    </section>
  );
}

/** A plan's card on the subscription page: price a month, benefits, Subscribe and, where PayPal bills it, Pay with PayPal. */
function PlanCard(props: {
  plan: PlanOffer;
  pending: string | null;
  paypal: PaypalSubscription;
  onSubscribe(plan: PlanOffer): void;
}) {
  const { plan, pending, paypal } = props;
  return (
    <li data-testid="plan-card">
      <Card title={<h3 style={{ margin: 0, fontSize: 18 }}>{plan.title}</h3>} style={{ height: '100%' }}>
        <p style={{ fontSize: 28, fontWeight: 700, margin: '0 0 12px' }}>
          ${plan.pricePerMonth}
          <span style={{ fontSize: 14, fontWeight: 400 }}> / month</span>
        </p>
        <FeatureList
          features={plan.features}
          style={{ listStyle: 'none', padding: 0, margin: '0 0 16px' }}
          itemStyle={{ padding: '2px 0' }}
        />
        <Button
          type="primary"
          block
          loading={pending === plan.id}
          disabled={pending !== null && pending !== plan.id}
          aria-label={`Subscribe to ${plan.title}, $${plan.pricePerMonth} a month`}
          onClick={() => props.onSubscribe(plan)}
        >
          Subscribe
        </Button>
        {paypal.offers(plan.id) && (
          <Button
            block
            style={{ marginTop: 8 }}
            loading={paypal.pending === plan.id}
            disabled={paypal.confirming || (paypal.pending !== null && paypal.pending !== plan.id)}
            aria-label={`Pay with PayPal for ${plan.title}, $${plan.pricePerMonth} a month`}
            onClick={() => void paypal.start(plan.id)}
          >
            Pay with PayPal
          </Button>
        )}
      </Card>
    </li>
  );
}
