import { CheckOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Tag, Typography } from 'antd';
import { ARTIST_PLANS, PRODUCER_PLANS, trialDays, type PlanFamily } from './plans';

/** The one-time free-trial offer after the survey (login states prodSubs / artistSubs). */
export function TrialOffer({
  family,
  isReferral,
  onContinue,
}: {
  family: PlanFamily;
  isReferral: boolean;
  onContinue: () => void;
}) {
  const plans = family === 'producer' ? PRODUCER_PLANS : ARTIST_PLANS;
  const days = trialDays(isReferral);
  return (
    <div style={{ maxWidth: 1000, margin: '0 auto' }} data-testid="trial-offer">
      <Typography.Title level={2} style={{ textAlign: 'center' }}>
        {family === 'producer' ? 'Producer plans' : 'Marketplace Pro'}: try it free for {days} days
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        {isReferral ? 'You were referred by an ambassador, so your trial is 14 days. ' : ''}
        This offer is shown once.
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {plans.map((plan) => (
          <Col xs={24} md={8} key={plan.title}>
            <Card
              title={plan.title}
              extra={<Tag color="purple">${plan.pricePerMonth}/month</Tag>}
              style={{ height: '100%' }}
            >
              <ul style={{ listStyle: 'none', padding: 0, minHeight: 150 }}>
                {plan.features.map((feature) => (
                  <li key={feature}>
                    <CheckOutlined style={{ color: '#52c41a', marginRight: 8 }} />
                    {feature}
                  </li>
                ))}
              </ul>
              <Button block disabled>
                Start {days}-day free trial
              </Button>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Subscriptions are coming soon: starting a trial is not possible yet.
              </Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
      <div style={{ textAlign: 'center', marginTop: 24 }}>
        <Button type="link" size="large" onClick={onContinue}>
          Continue to the platform
        </Button>
      </div>
    </div>
  );
}
