import { Space, Spin, Typography } from 'antd';

/** A dark orange that keeps 4.5:1 contrast on white (antd's warning yellow does not). */
export const WARNING_TEXT = '#ad4e00';

/**
 * The overlay of a beat whose DNA test is running: the spec's words (producer-side §2, Manage Beats),
 * then what really happens here — the list polls and moves the beat by itself, and the test takes
 * under a minute on this build's engine (the spec's 5 to 10 minutes is the old service's figure).
 */
export function DnaPendingOverlay() {
  return (
    <Space size={6} style={{ display: 'flex' }} role="status" data-testid="pending-overlay">
      <Spin size="small" />
      <span>
        <Typography.Text style={{ color: WARNING_TEXT, display: 'block' }}>
          Performing DNA Test... Refresh in 5 to 10 minutes
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          No need to refresh: this list updates by itself, usually in under a minute.
        </Typography.Text>
      </span>
    </Space>
  );
}
