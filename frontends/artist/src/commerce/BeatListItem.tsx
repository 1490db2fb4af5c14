import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { CoverArt } from './CoverArt';

/**
 * A beat's row in the cart and in the purchases: its cover art, then its name (large) over `details`,
 * then what the row does with it (`children`).
 */
export function BeatListItem(props: {
  testId: string;
  coverArtUrl?: string | null;
  beatName: string;
  details: ReactNode;
  children: ReactNode;
}) {
  const { testId, coverArtUrl, beatName, details, children } = props;
  return (
    <li
      data-testid={testId}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        padding: '12px 16px',
        borderBottom: '1px solid #f0f0f0',
        flexWrap: 'wrap',
      }}
    >
      <CoverArt url={coverArtUrl} />
      <div style={{ flex: '1 1 180px', minWidth: 0 }}>
        <Typography.Text strong ellipsis style={{ display: 'block', fontSize: 16 }}>
          {beatName}
        </Typography.Text>
        {details}
      </div>
      {children}
    </li>
  );
}
