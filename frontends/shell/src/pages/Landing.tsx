import { LinkButton } from '../layout/LinkButton';
import { Card, Col, Flex, Row, Typography } from 'antd';

export function Landing() {
  return (
    <Flex vertical gap={32} align="center" style={{ textAlign: 'center', padding: '40px 0' }}>
      <Typography.Title style={{ fontSize: 44, margin: 0, maxWidth: 760 }}>
        Listen to beats, choose Pass or Match, and your next hit finds you.
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 18, maxWidth: 640 }}>
        The beat marketplace where producers sell their beats and artists find them, helped by analysis of
        every beat.
      </Typography.Paragraph>
      <Row gutter={[24, 24]} style={{ width: '100%', maxWidth: 820 }}>
        <Col xs={24} md={12}>
          <Card title="For Producers" style={{ height: '100%' }}>
            <Typography.Paragraph>
              Upload your beats and sell them to artists. Keep 100% of every sale, no commission.
            </Typography.Paragraph>
            <LinkButton to="/producers" type="primary" size="large">
              I sell beats
            </LinkButton>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title="For Artists" style={{ height: '100%' }}>
            <Typography.Paragraph>
              Swipe through beats, match with the ones you love and buy a licence in minutes.
            </Typography.Paragraph>
            <LinkButton to="/artists" type="primary" size="large">
              I buy beats
            </LinkButton>
          </Card>
        </Col>
      </Row>
      <Typography.Text type="secondary">We do not train our AI on uploaded beats.</Typography.Text>
    </Flex>
  );
}
