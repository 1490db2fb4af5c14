import { Card, Col, Row, Statistic } from 'antd';
import type { Part, ReferralData } from './useReferralDashboard';

/** Sub-Affiliates (Active / Inactive) and Monthly Kickback (producer-side spec §2, §3). */
export function ReferralCards({ data }: { data: Part<ReferralData> }) {
  const value = data.status === 'ready' ? data.value : null;
  const shown = (figure: number | string | undefined) => (value ? figure : '-');
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12}>
        <Card title="Sub-Affiliates">
          <Row>
            <Col span={12}>
              <Statistic title="Active" value={shown(value?.total)} />
            </Col>
            <Col span={12}>
              <Statistic title="Inactive" value={shown(value?.signUps)} />
            </Col>
          </Row>
        </Card>
      </Col>
      <Col xs={24} md={12}>
        <Card title="Monthly Kickback">
          <Statistic title="This month so far" value={value ? `$${value.kickback}` : '-'} />
        </Card>
      </Col>
    </Row>
  );
}
