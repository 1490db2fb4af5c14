import { ClockCircleOutlined } from '@ant-design/icons';

export interface ComingSoonProps {
  /** Public pages show it as the heading; private pages leave it to the top bar. */
  title?: string;
  description?: string;
}

const secondary = { color: 'rgba(0, 0, 0, 0.55)', margin: '0 0 8px', lineHeight: 1.6 };

/**
 * The honest placeholder: the route exists, its feature has not been built yet. Plain elements (no
 * antd), so a page that has nothing else to show loads no component library for it.
 */
export function ComingSoon({ title, description }: ComingSoonProps) {
  return (
    <div style={{ padding: '48px 16px', textAlign: 'center' }}>
      <ClockCircleOutlined style={{ color: '#7c3aed', fontSize: 64 }} aria-hidden />
      {title ? <h1 style={{ margin: '24px 0 8px', fontSize: 30, lineHeight: 1.3 }}>{title}</h1> : null}
      <div style={{ marginTop: title ? 0 : 24, fontSize: 15 }}>
        {description ? <p style={secondary}>{description}</p> : null}
        <p data-testid="coming-soon" style={{ margin: 0, fontWeight: 600 }}>
          This page is coming soon.
        </p>
      </div>
    </div>
  );
}
