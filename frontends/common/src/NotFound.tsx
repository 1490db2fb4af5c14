import { Result, Typography } from 'antd';
import { Link } from 'react-router-dom';

export interface NotFoundProps {
  /** The address asked for, shown so the visitor can spot a typo. */
  path: string;
  /** Public pages show "Page not found" as the heading; private pages leave it to the top bar. */
  withHeading?: boolean;
  home?: string;
}

/** A missing page says so, and only that (no "coming soon"). */
export function NotFound({ path, withHeading = true, home = '/' }: NotFoundProps) {
  return (
    <Result
      status="404"
      data-testid="not-found"
      title={
        withHeading ? (
          <Typography.Title level={1} style={{ margin: 0, fontSize: 30 }}>
            Page not found
          </Typography.Title>
        ) : undefined
      }
      subTitle={
        <Typography.Paragraph type="secondary" style={{ overflowWrap: 'anywhere' }}>
          There is no page at {path}. <Link to={home}>Go to the start page</Link>
        </Typography.Paragraph>
      }
    />
  );
}
