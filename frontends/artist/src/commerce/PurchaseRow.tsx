import { DownloadOutlined, EditOutlined, FileProtectOutlined } from '@ant-design/icons';
import { formatDollars } from '@beatmatch/frontend-common/commerce';
import type { Download, Purchase } from '@beatmatch/frontend-common/sdk';
import { Button, Tag, Typography } from 'antd';
import { LyricsPanel } from '../matchmaker/LyricsPanel';
import { BeatListItem } from './BeatListItem';
import { LICENCE_DOWNLOAD } from './downloads';

function formatSignedDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** One purchase: the beat, its package, price and date, License, Downloads and Write Lyrics. */
export function PurchaseRow({
  purchase,
  busy,
  lyricsOpen,
  onDownload,
  onDownloads,
  onLyrics,
}: {
  purchase: Purchase;
  busy: string | null;
  lyricsOpen: boolean;
  onDownload(item: Download): void;
  onDownloads(): void;
  onLyrics(): void;
}) {
  return (
    <BeatListItem
      testId="purchase"
      coverArtUrl={purchase.coverArtUrl}
      beatName={purchase.beatName}
      details={
        <>
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
        </>
      }
    >
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {/* A refunded purchase has no files and no licence (get_downloadable answers 410). */}
        {purchase.refunded ? null : (
          <>
            <Button
              icon={<FileProtectOutlined />}
              loading={busy === `${purchase.purchaseId}:${LICENCE_DOWNLOAD.downloadable}`}
              aria-label={`License of ${purchase.beatName}`}
              onClick={() => onDownload(LICENCE_DOWNLOAD)}
            >
              License
            </Button>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              aria-label={`Downloads of ${purchase.beatName}`}
              onClick={onDownloads}
            >
              Downloads
            </Button>
          </>
        )}
        <Button icon={<EditOutlined />} aria-expanded={lyricsOpen} onClick={onLyrics}>
          {lyricsOpen ? 'Hide Lyrics' : 'Write Lyrics'}
        </Button>
      </div>
      {lyricsOpen ? (
        <div style={{ flexBasis: '100%' }}>
          <LyricsPanel beatId={purchase.beatId} beatName={purchase.beatName} signUpPath="/signup" />
        </div>
      ) : null}
    </BeatListItem>
  );
}
