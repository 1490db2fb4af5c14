import { ClockCircleOutlined } from '@ant-design/icons';
import { Result, Typography } from 'antd';

export interface ComingSoonProps {
  /** Public pages show it as the heading; private pages leave it to the top bar. */
  title?: string;
  description?: string;
}

/** The honest placeholder: the route exists, its feature has not been built yet. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  return (
    <Result
      icon={<ClockCircleOutlined style={{ color: '#7c3aed' }} />}
      title={
        title ? (
          <Typography.Title level={1} style={{ margin: 0, fontSize: 30 }}>
            {title}
          </Typography.Title>
        ) : undefined
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
