import { ShoppingOutlined } from '@ant-design/icons';
import { Button, Empty, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { RemoteTheme } from '@beatmatch/frontend-common';
import type { Purchase } from '@beatmatch/frontend-common/sdk';
import { DownloadsDialog } from './DownloadsDialog';
import { PurchaseRow } from './PurchaseRow';
import { usePurchases } from './usePurchases';

export function purchaseCount(count: number): string {
  return count === 1 ? '1 purchase' : `${count} purchases`;
}

/**
 * Purchases (/user/purchases, artist-side spec §2): '1 purchase' / 'N purchases'; 'No Purchases' with
 * Find Beats when there are none or they cannot be read; each row has a Downloads dialog and its
 * licence, and the lyrics the artist writes to the beat; a purchase a refund reversed (refunded: true)
 * is tagged 'Refunded' and has neither. Coming back from a payment with redirect_status=succeeded clears the cart.
 */
export function PurchasesPage() {
  const { purchases, failed, busy, download, holder } = usePurchases();
  const [open, setOpen] = useState<Purchase | null>(null);
  const [lyricsOpen, setLyricsOpen] = useState<string | null>(null);

  let body;
  if (purchases === null && !failed) {
    body = <Skeleton active avatar paragraph={{ rows: 2 }} style={{ padding: 24 }} />;
  } else if (!purchases || purchases.length === 0) {
    body = <NoPurchases />;
  } else {
    body = (
      <>
        <Typography.Paragraph
          strong
          style={{ padding: '16px 16px 0', margin: 0 }}
          data-testid="purchase-count"
        >
          {purchaseCount(purchases.length)}
        </Typography.Paragraph>
        <ul aria-label="Your purchases" style={{ listStyle: 'none', margin: 0, padding: '8px 0' }}>
          {purchases.map((purchase) => (
            <PurchaseRow
              key={purchase.purchaseId}
              purchase={purchase}
              busy={busy}
              lyricsOpen={lyricsOpen === purchase.purchaseId}
              onDownload={(item) => download(purchase, item)}
              onDownloads={() => setOpen(purchase)}
              onLyrics={() => setLyricsOpen(lyricsOpen === purchase.purchaseId ? null : purchase.purchaseId)}
            />
          ))}
        </ul>
      </>
    );
  }

  return (
    <RemoteTheme>
      {holder}
      <div data-testid="purchases-page" style={{ maxWidth: 960, margin: '0 auto' }}>
        {body}
      </div>
      <DownloadsDialog purchase={open} busy={busy} onDownload={download} onClose={() => setOpen(null)} />
    </RemoteTheme>
  );
}

function NoPurchases() {
  return (
    <Empty
      data-testid="purchases-empty"
      image={<ShoppingOutlined style={{ color: '#7c3aed', fontSize: 64 }} aria-hidden />}
      description={<span style={{ fontSize: 16, fontWeight: 600 }}>No Purchases</span>}
      style={{ padding: '48px 16px' }}
    >
      <Link to="/user/matchmaker">
        <Button type="primary">Find Beats</Button>
      </Link>
    </Empty>
  );
}
