import { DownloadOutlined, EditOutlined, FileProtectOutlined, ShoppingOutlined } from '@ant-design/icons';
import { Button, Empty, Modal, Skeleton, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { RemoteTheme } from '@beatmatch/frontend-common';
import { beatmatchSdk, type Download, type Purchase } from '@beatmatch/frontend-common/sdk';
import { LyricsPanel } from '../matchmaker/LyricsPanel';
import { CoverArt } from './CoverArt';
import { LICENCE_DOWNLOAD, downloadLabel, downloadsOf, openInNewWindow } from './downloads';
import { formatDollars, useCommerceErrors } from '@beatmatch/frontend-common/commerce';

export function purchaseCount(count: number): string {
  return count === 1 ? '1 purchase' : `${count} purchases`;
}

function formatSignedDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * Purchases (/user/purchases, artist-side spec §2): '1 purchase' / 'N purchases'; 'No Purchases' with
 * Find Beats when there are none or they cannot be read; each row has a Downloads dialog and its
 * licence, and the lyrics the artist writes to the beat; a purchase a refund reversed (refunded: true)
 * is tagged 'Refunded' and has neither. Coming back from a payment with redirect_status=succeeded clears the cart.
 */
export function PurchasesPage() {
  const sdk = beatmatchSdk();
  const [params] = useSearchParams();
  const [purchases, setPurchases] = useState<Purchase[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<Purchase | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [lyricsOpen, setLyricsOpen] = useState<string | null>(null);
  const { reportError, holder } = useCommerceErrors();
  const succeeded = params.get('redirect_status') === 'succeeded';

  useEffect(() => {
    if (succeeded) sdk.cart.clear();
  }, [succeeded, sdk]);

  const load = useCallback(async () => {
    try {
      const answer = await sdk.commerce.retrievePurchases();
      setPurchases(answer.purchases ?? []);
    } catch (error) {
      setFailed(true);
      reportError(error);
    }
  }, [sdk, reportError]);

  useEffect(() => {
    void load();
  }, [load]);

  const download = (purchase: Purchase, item: Download) => {
    const key = `${purchase.purchaseId}:${item.downloadable}`;
    setBusy(key);
    openInNewWindow(async () => {
      const { url } = await sdk.commerce.getDownloadable({
        downloadable: item.downloadable,
        beatId: purchase.beatId,
        urlId: purchase.purchaseId,
      });
      return url;
    })
      .catch(reportError)
      .finally(() => setBusy(null));
  };

  let body;
  if (purchases === null && !failed) {
    body = <Skeleton active avatar paragraph={{ rows: 2 }} style={{ padding: 24 }} />;
  } else if (!purchases || purchases.length === 0) {
    body = (
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
            <li
              key={purchase.purchaseId}
              data-testid="purchase"
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 16,
                padding: '12px 16px',
                borderBottom: '1px solid #f0f0f0',
                flexWrap: 'wrap',
              }}
            >
              <CoverArt url={purchase.coverArtUrl} />
              <div style={{ flex: '1 1 180px', minWidth: 0 }}>
                <Typography.Text strong ellipsis style={{ display: 'block', fontSize: 16 }}>
                  {purchase.beatName}
                </Typography.Text>
                {purchase.refunded ? (
                  <Tag color="default" data-testid="purchase-refunded" style={{ marginTop: 4 }}>
                    Refunded
                  </Tag>
                ) : null}
                <Typography.Text type="secondary" style={{ display: 'block' }}>
                  {purchase.producerName}
                </Typography.Text>
                <Typography.Text style={{ display: 'block' }}>
                  {purchase.beatPackage} · {formatDollars(purchase.pricePaid)} · signed{' '}
                  {formatSignedDate(purchase.signedDate)}
                </Typography.Text>
              </div>
              <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
                {/* A refunded purchase has no files and no licence (get_downloadable answers 410). */}
                {purchase.refunded ? null : (
                  <>
                    <Button
                      icon={<FileProtectOutlined />}
                      loading={busy === `${purchase.purchaseId}:${LICENCE_DOWNLOAD.downloadable}`}
                      aria-label={`License of ${purchase.beatName}`}
                      onClick={() => download(purchase, LICENCE_DOWNLOAD)}
                    >
                      License
                    </Button>
                    <Button
                      type="primary"
                      icon={<DownloadOutlined />}
                      aria-label={`Downloads of ${purchase.beatName}`}
                      onClick={() => setOpen(purchase)}
                    >
                      Downloads
                    </Button>
                  </>
                )}
                <Button
                  icon={<EditOutlined />}
                  aria-expanded={lyricsOpen === purchase.purchaseId}
                  onClick={() =>
                    setLyricsOpen(lyricsOpen === purchase.purchaseId ? null : purchase.purchaseId)
                  }
                >
                  {lyricsOpen === purchase.purchaseId ? 'Hide Lyrics' : 'Write Lyrics'}
                </Button>
              </div>
              {lyricsOpen === purchase.purchaseId ? (
                <div style={{ flexBasis: '100%' }}>
                  <LyricsPanel beatId={purchase.beatId} beatName={purchase.beatName} signUpPath="/signup" />
                </div>
              ) : null}
            </li>
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
      <Modal
        open={open !== null}
        title={open ? `Downloads: ${open.beatName}` : 'Downloads'}
        onCancel={() => setOpen(null)}
        footer={null}
        destroyOnHidden
      >
        {open ? (
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            <Typography.Text type="secondary">{open.beatPackage}</Typography.Text>
            {downloadsOf(open).map((item) => (
              <Button
                key={item.downloadable}
                block
                icon={<DownloadOutlined />}
                loading={busy === `${open.purchaseId}:${item.downloadable}`}
                onClick={() => download(open, item)}
              >
                {downloadLabel(item)}
              </Button>
            ))}
          </div>
        ) : null}
      </Modal>
    </RemoteTheme>
  );
}
