import { ClockCircleOutlined } from '@ant-design/icons';
import { Result, Typography } from 'antd';

export interface ComingSoonProps {
  title: string;
  description?: string;
}

/** The honest placeholder: the route exists, its feature has not been built yet. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  return (
    <Result
      icon={<ClockCircleOutlined style={{ color: '#7c3aed' }} />}
      title={
        <Typography.Title level={2} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
      subTitle={
        <>
          {description ? <Typography.Paragraph type="secondary">{description}</Typography.Paragraph> : null}
          <Typography.Paragraph strong data-testid="coming-soon">
            This page is coming soon.
          </Typography.Paragraph>
        </>
      }
    />
  );
}
