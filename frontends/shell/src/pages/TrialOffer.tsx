import { useEffect, useState } from 'react';
import { Button, Card, Col, Row, Spin, Tag, Typography } from 'antd';
import {
  FeatureList,
  PLAN_OFFERS,
  trialDays,
  useCommerceErrors,
  useSubscriptionCheckout,
} from '@beatmatch/frontend-common/commerce';
import { beatmatchSdk, type MemberType } from '@beatmatch/frontend-common/sdk';

/**
 * The one-time free-trial offer after the survey (login states prodSubs / artistSubs): the family's
 * plan cards; a card's button subscribes for real through commerce's create_subscription_checkout
 * with the trial variant (weekTrial, 7 days) or, for a referred user, the ambassador variant
 * (ambassadorTrial, 14 days). Identity's `isReferral` only says the sign-up carried a `ref`; the 14 days
 * are offered once referrals confirms the caller was attributed to a real code (referral_status, what
 * commerce's ReferralConfirmed also gives), so a bogus ref gets the week (issue 23 item 1). With the embedded test provider the card dialog pays on this page; then,
 * as with "Continue to the platform", the user enters the platform.
 */
interface TrialOfferProps {
  family: MemberType;
  isReferral: boolean;
  onContinue: () => void;
}

export function TrialOffer({ family, isReferral, onContinue }: TrialOfferProps) {
  const referred = useConfirmedReferral(isReferral);
  if (referred === null) return <Spin data-testid="trial-offer-loading" style={{ display: 'block' }} />;
  return <TrialOfferCards family={family} isReferral={referred} onContinue={onContinue} />;
}

/** Whether referrals confirmed the caller's referral: null while asking; false without a `ref` or on a failed answer. */
function useConfirmedReferral(hasRef: boolean): boolean | null {
  const [referred, setReferred] = useState<boolean | null>(hasRef ? null : false);
  useEffect(() => {
    if (!hasRef) return;
    let live = true;
    beatmatchSdk()
      .api.call('referral_status')
      .then(
        (answer) => live && setReferred(answer.referred),
        () => live && setReferred(false),
      );
    return () => {
      live = false;
    };
  }, [hasRef]);
  return referred;
}

function TrialOfferCards({ family, isReferral, onContinue }: TrialOfferProps) {
  const plans = PLAN_OFFERS[family];
  const days = trialDays(isReferral);
  const { reportError, toasts, holder } = useCommerceErrors();
  const { subscribe, pending, dialog } = useSubscriptionCheckout({
    type: family,
    trial: isReferral ? 'ambassador' : 'week',
    onError: reportError,
    onPaid: () => {
      void toasts.success(`Your ${days}-day free trial has started.`);
      onContinue();
    },
  });
  return (
    <div style={{ maxWidth: 1000, margin: '0 auto' }} data-testid="trial-offer">
      {holder}
      <Typography.Title level={2} style={{ textAlign: 'center' }}>
        {family === 'producer' ? 'Producer plans' : 'Marketplace Pro'}: try it free for {days} days
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        {isReferral ? 'You were referred by an ambassador, so your trial is 14 days. ' : ''}
        This offer is shown once.
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {plans.map((plan) => (
          <Col xs={24} md={8} key={plan.id}>
            <Card
              title={plan.title}
              extra={<Tag color="purple">${plan.pricePerMonth}/month</Tag>}
              style={{ height: '100%' }}
            >
              <FeatureList
                features={plan.features}
                style={{ listStyle: 'none', padding: 0, minHeight: 150 }}
              />
              <Button
                type="primary"
                block
                loading={pending === plan.id}
                disabled={pending !== null && pending !== plan.id}
                aria-label={`Start ${days}-day free trial of ${plan.title}, then $${plan.pricePerMonth} a month`}
                onClick={() => void subscribe(plan)}
              >
                Start {days}-day free trial
              </Button>
            </Card>
          </Col>
        ))}
      </Row>
      <div style={{ textAlign: 'center', marginTop: 24 }}>
        <Button type="link" size="large" onClick={onContinue}>
          Continue to the platform
        </Button>
      </div>
      {dialog}
    </div>
  );
}
