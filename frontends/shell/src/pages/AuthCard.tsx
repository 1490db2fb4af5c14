import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

export function AuthCard({
  title,
  children,
  width = 440,
}: {
  title: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Card style={{ maxWidth: width, margin: '24px auto' }}>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </Card>
  );
}
