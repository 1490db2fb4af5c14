import { FileSearchOutlined } from '@ant-design/icons';
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
    <div data-testid="not-found" style={{ padding: '48px 16px', textAlign: 'center' }}>
      <FileSearchOutlined style={{ color: '#7c3aed', fontSize: 64 }} aria-hidden />
      {withHeading ? <h1 style={{ margin: '24px 0 8px', fontSize: 30 }}>Page not found</h1> : null}
      <p style={{ color: 'rgba(0, 0, 0, 0.55)', marginTop: withHeading ? 0 : 24, overflowWrap: 'anywhere' }}>
        There is no page at {path}. <Link to={home}>Go to the start page</Link>
      </p>
    </div>
  );
}
