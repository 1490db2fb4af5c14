import { DownloadOutlined } from '@ant-design/icons';
import type { Download, Purchase } from '@beatmatch/frontend-common/sdk';
import { Button, Modal, Typography } from 'antd';
import { downloadLabel, downloadsOf } from './downloads';

/** A purchase's files, one button each. */
export function DownloadsDialog({
  purchase,
  busy,
  onDownload,
  onClose,
}: {
  purchase: Purchase | null;
  busy: string | null;
  onDownload(purchase: Purchase, item: Download): void;
  onClose(): void;
}) {
  return (
    <Modal
      open={purchase !== null}
      title={purchase ? `Downloads: ${purchase.beatName}` : 'Downloads'}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {purchase ? (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          <Typography.Text type="secondary">{purchase.beatPackage}</Typography.Text>
          {downloadsOf(purchase).map((item) => (
            <Button
              key={item.downloadable}
              block
              icon={<DownloadOutlined />}
              loading={busy === `${purchase.purchaseId}:${item.downloadable}`}
              onClick={() => onDownload(purchase, item)}
            >
              {downloadLabel(item)}
            </Button>
          ))}
        </div>
      ) : null}
    </Modal>
  );
}
