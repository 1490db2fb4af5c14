import { CopyOutlined, MoreOutlined, PauseCircleFilled, PlayCircleFilled } from '@ant-design/icons';
import type { ManagedBeat } from '@beatmatch/contracts';
import { App, Button, Dropdown, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { DnaPendingOverlay, WARNING_TEXT } from './DnaPendingOverlay';
import type { Stats } from './useManagedBeats';

export type BeatAction = 'name' | 'cover' | 'prices' | 'delete';

export const DEFAULT_COVER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="8" fill="#ede9fe"/><path d="M26 18v22.5a6 6 0 1 0 4 5.6V26h12v-8z" fill="#7c3aed"/></svg>',
  );

const isPublished = (beat: ManagedBeat) => !beat.isPending && beat.failedReason === null;

/** One beat of the list: number, Play, cover, name with its state, and its actions. */
export function BeatRow({
  beat,
  index,
  stats,
  narrow,
  playing,
  onPlay,
  onDna,
  onAction,
}: {
  beat: ManagedBeat;
  index: number;
  stats: Stats;
  narrow: boolean;
  playing: boolean;
  onPlay(): void;
  onDna(): void;
  onAction(action: BeatAction): void;
}) {
  return (
    <li
      data-testid="beat-row"
      data-beat-id={beat.beatId}
      aria-label={beat.beatName}
      style={{
        position: 'relative',
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        padding: '10px 8px',
        borderBottom: '1px solid #f0f0f0',
        flexWrap: 'wrap',
      }}
    >
      {narrow ? null : (
        <Typography.Text type="secondary" style={{ width: 24, textAlign: 'right' }}>
          {index}
        </Typography.Text>
      )}
      {narrow || !isPublished(beat) ? null : (
        <Button
          type="text"
          shape="circle"
          aria-label={playing ? `Stop ${beat.beatName}` : `Play ${beat.beatName}`}
          aria-pressed={playing}
          icon={
            playing ? (
              <PauseCircleFilled style={{ fontSize: 28, color: '#7c3aed' }} />
            ) : (
              <PlayCircleFilled style={{ fontSize: 28, color: '#7c3aed' }} />
            )
          }
          onClick={onPlay}
        />
      )}
      <img
        src={beat.coverArtUrl ?? DEFAULT_COVER}
        alt=""
        width={48}
        height={48}
        style={{ borderRadius: 6, objectFit: 'cover' }}
        onError={(event) => {
          event.currentTarget.src = DEFAULT_COVER;
        }}
      />
      <BeatRowInfo beat={beat} stats={stats} narrow={narrow} />
      <BeatRowActions beat={beat} onDna={onDna} onAction={onAction} />
    </li>
  );
}

/** The name, its counts once published, and the pending, failed or inactive note. */
function BeatRowInfo({ beat, stats, narrow }: { beat: ManagedBeat; stats: Stats; narrow: boolean }) {
  const navigate = useNavigate();
  const published = isPublished(beat);
  const own = stats[beat.beatId] ?? { matches: 0, passes: 0, purchases: 0 };
  return (
    <div style={{ flex: 1, minWidth: 0 }}>
      <Typography.Text
        strong
        ellipsis={{ tooltip: beat.beatName }}
        style={{ display: 'block', maxWidth: narrow ? 120 : '100%' }}
        data-testid="beat-name"
      >
        {beat.beatName}
      </Typography.Text>
      {published && !beat.isPrivate ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Matches {own.matches} · Passes {own.passes} · Purchases {own.purchases}
        </Typography.Text>
      ) : null}
      {beat.isPending ? <DnaPendingOverlay /> : null}
      {beat.failedReason !== null ? (
        <Typography.Text type="danger" data-testid="failed-reason">
          Upload failed: {beat.failedReason}
        </Typography.Text>
      ) : null}
      {published && beat.crate === 'inactive' ? (
        <Space size={6} wrap style={{ display: 'flex' }}>
          <Typography.Text style={{ color: WARNING_TEXT }}>
            Beat is inactive. Please subscribe so artists can hear it!
          </Typography.Text>
          <Button size="small" onClick={() => navigate('../subscriptions')}>
            Subscribe
          </Button>
        </Space>
      ) : null}
    </div>
  );
}

/** Private badge or View DNA, Copy link (active public beats) and the actions menu (a failed beat: Delete only). */
function BeatRowActions({
  beat,
  onDna,
  onAction,
}: {
  beat: ManagedBeat;
  onDna(): void;
  onAction(action: BeatAction): void;
}) {
  const { message } = App.useApp();
  const published = isPublished(beat);
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/matchmaker?beat=${beat.beatId}`);
      message.success('Copied the link to your beat');
    } catch {
      message.error('Cannot copy. Please refresh and try again.');
    }
  };
  const actions = [
    { key: 'name', label: 'Name' },
    { key: 'cover', label: 'Cover Art' },
    ...(beat.isPrivate ? [] : [{ key: 'prices', label: 'Prices' }]),
    { key: 'delete', label: 'Delete', danger: true },
  ];
  return (
    <Space size={4} wrap>
      {beat.isPrivate ? (
        <Tag color="gold">Private</Tag>
      ) : published ? (
        <Button size="small" onClick={onDna}>
          View DNA
        </Button>
      ) : null}
      {published && !beat.isPrivate && beat.crate === 'active' ? (
        <Button
          size="small"
          type="text"
          icon={<CopyOutlined />}
          aria-label={`Copy the link to ${beat.beatName}`}
          onClick={() => void copyLink()}
        />
      ) : null}
      <Dropdown
        trigger={['click']}
        menu={{
          items: beat.failedReason !== null ? actions.filter((a) => a.key === 'delete') : actions,
          onClick: ({ key }) => onAction(key as BeatAction),
        }}
      >
        <Button type="text" icon={<MoreOutlined />} aria-label={`Actions for ${beat.beatName}`} />
      </Dropdown>
    </Space>
  );
}
