import {
  CopyOutlined,
  DownOutlined,
  MoreOutlined,
  PauseCircleFilled,
  PlayCircleFilled,
  SearchOutlined,
} from '@ant-design/icons';
import type { ManagedBeat, ManageBeatsResponse } from '@beatmatch/contracts';
import { beatmatchSdk, beatPlayUrl, catalogApi, type BeatTotals } from '@beatmatch/frontend-common/sdk';
import { Alert, App, Button, Dropdown, Empty, Input, Space, Spin, Statistic, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ALL_BEATS, CoverDialog, PricesDialog, RenameDialog } from './BeatDialogs';
import { DnaDialog } from './DnaDialog';

/** How often the list is asked again while a beat's DNA test runs. */
export const PENDING_REFRESH_MS = 4000;
const NARROW = '(max-width: 514px)';
/** A dark orange that keeps 4.5:1 contrast on white (antd's warning yellow does not). */
const WARNING_TEXT = '#ad4e00';
const DEFAULT_COVER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="8" fill="#ede9fe"/><path d="M26 18v22.5a6 6 0 1 0 4 5.6V26h12v-8z" fill="#7c3aed"/></svg>',
  );

const text = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Case-insensitive substring filter on the beat name (spec §2 'Search Beats'). */
export const filterBeats = (beats: ManagedBeat[], search: string) => {
  const needle = search.trim().toLowerCase();
  return needle ? beats.filter((beat) => beat.beatName.toLowerCase().includes(needle)) : beats;
};

function useNarrow() {
  const [narrow, setNarrow] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.(NARROW).matches,
  );
  useEffect(() => {
    const query = window.matchMedia?.(NARROW);
    if (!query) return;
    const update = () => setNarrow(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return narrow;
}

type Stats = Record<string, { matches: number; passes: number; purchases: number }>;

function BeatRow({
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
  onAction(action: 'name' | 'cover' | 'prices' | 'delete'): void;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const failed = beat.failedReason !== null;
  const published = !beat.isPending && !failed;
  const own = stats[beat.beatId] ?? { matches: 0, passes: 0, purchases: 0 };
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
      {narrow || !published ? null : (
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
        {beat.isPending ? (
          <Space size={6} style={{ display: 'flex' }} role="status">
            <Spin size="small" />
            <Typography.Text style={{ color: WARNING_TEXT }} data-testid="pending-overlay">
              Performing DNA Test... This list updates by itself when it is done.
            </Typography.Text>
          </Space>
        ) : null}
        {failed ? (
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
            items: failed ? actions.filter((a) => a.key === 'delete') : actions,
            onClick: ({ key }) => onAction(key as 'name' | 'cover' | 'prices' | 'delete'),
          }}
        >
          <Button type="text" icon={<MoreOutlined />} aria-label={`Actions for ${beat.beatName}`} />
        </Dropdown>
      </Space>
    </li>
  );
}

/** Manage Beats (producer-side spec §2, §4 Manage beats): uploaded, pending and failed beats. */
export function ManageBeats() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const catalog = useMemo(() => catalogApi(beatmatchSdk().api), []);
  const narrow = useNarrow();
  const [beats, setBeats] = useState<ManageBeatsResponse>();
  const [totals, setTotals] = useState<BeatTotals>();
  const [loadError, setLoadError] = useState<string>();
  const [search, setSearch] = useState('');
  const [dnaBeat, setDnaBeat] = useState<ManagedBeat | null>(null);
  const [renaming, setRenaming] = useState<ManagedBeat | null>(null);
  const [covering, setCovering] = useState<ManagedBeat | null>(null);
  const [pricing, setPricing] = useState<ManagedBeat | typeof ALL_BEATS | null>(null);
  const [playing, setPlaying] = useState<string>();
  const audio = useRef<HTMLAudioElement>(null);

  const load = useCallback(async () => {
    try {
      const [list, sums] = await Promise.all([
        catalog.manageBeats(),
        catalog.totals().catch(() => undefined),
      ]);
      setBeats(list);
      if (sums) setTotals(sums);
      setLoadError(undefined);
    } catch (error) {
      setLoadError(text(error));
    }
  }, [catalog]);

  useEffect(() => {
    void load();
  }, [load]);

  // A pending beat's overlay clears by itself when its analysis finishes.
  const pendingCount = beats?.pending.length ?? 0;
  useEffect(() => {
    if (!pendingCount) return;
    const timer = setInterval(() => void load(), PENDING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [pendingCount, load]);

  const stats: Stats = useMemo(
    () => Object.fromEntries((totals?.data ?? []).map((row) => [row.beatId, row])),
    [totals],
  );

  const togglePlay = (beat: ManagedBeat) => {
    const element = audio.current;
    if (!element) return;
    if (playing === beat.beatId) {
      element.pause();
      element.removeAttribute('src');
      element.load();
      setPlaying(undefined);
      return;
    }
    element.src = beatPlayUrl(beat.beatId);
    setPlaying(beat.beatId);
    element.play().catch(() => setPlaying(undefined));
  };

  const confirmDelete = (beat: ManagedBeat) => {
    void modal.confirm({
      title: 'Delete beat',
      content: `Are you sure you want to delete the beat "${beat.beatName}"? THIS CAN NOT BE UNDONE!`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await catalog.deleteBeat(beat.beatId, beat.beatName);
          if (playing === beat.beatId) togglePlay(beat);
          setBeats((now) =>
            now
              ? {
                  uploaded: now.uploaded.filter((b) => b.beatId !== beat.beatId),
                  pending: now.pending.filter((b) => b.beatId !== beat.beatId),
                  failed: now.failed.filter((b) => b.beatId !== beat.beatId),
                }
              : now,
          );
          message.success(`Deleted ${beat.beatName}`);
        } catch (error) {
          message.error(text(error));
        }
      },
    });
  };

  const onAction = (beat: ManagedBeat, action: 'name' | 'cover' | 'prices' | 'delete') => {
    if (action === 'name') setRenaming(beat);
    else if (action === 'cover') setCovering(beat);
    else if (action === 'prices') setPricing(beat);
    else confirmDelete(beat);
  };

  const done = () => {
    setRenaming(null);
    setCovering(null);
    setPricing(null);
    void load();
  };

  if (!beats) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        {loadError ? (
          <Alert type="error" showIcon title={loadError} role="alert" />
        ) : (
          <Spin aria-label="Loading your beats" />
        )}
      </div>
    );
  }

  const all = [...beats.pending, ...beats.failed, ...beats.uploaded];
  const sections: Array<{ key: string; title: string; list: ManagedBeat[] }> = [
    { key: 'pending', title: 'Pending', list: filterBeats(beats.pending, search) },
    { key: 'failed', title: 'Failed', list: filterBeats(beats.failed, search) },
    { key: 'uploaded', title: 'Uploaded', list: filterBeats(beats.uploaded, search) },
  ];
  let index = 0;

  return (
    <div style={{ maxWidth: 960, margin: '0 auto', padding: '16px 8px' }}>
      <audio ref={audio} onEnded={() => setPlaying(undefined)} aria-hidden />
      {loadError ? <Alert type="error" showIcon title={loadError} style={{ marginBottom: 12 }} /> : null}
      {all.length === 0 ? (
        <Empty description="No beats have been uploaded">
          <Button type="primary" onClick={() => navigate('../uploadBeats')}>
            Upload Here
          </Button>
        </Empty>
      ) : (
        <>
          <Space wrap size="large" style={{ marginBottom: 16 }} data-testid="totals">
            <Statistic title="Beats" value={beats.uploaded.length} />
            <Statistic title="Pending" value={beats.pending.length} />
            <Statistic title="Matches" value={totals?.matches ?? 0} />
            <Statistic title="Passes" value={totals?.passes ?? 0} />
            <Statistic title="Purchases" value={totals?.purchases ?? 0} />
          </Space>
          <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder="Search Beats"
              aria-label="Search Beats"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              style={{ width: 260, maxWidth: '100%' }}
            />
            <Dropdown
              trigger={['click']}
              menu={{ items: [{ key: 'prices', label: 'Prices' }], onClick: () => setPricing(ALL_BEATS) }}
            >
              <Button>
                Bulk Updates <DownOutlined />
              </Button>
            </Dropdown>
          </Space>
          {sections.map((section) =>
            section.list.length ? (
              <section
                key={section.key}
                aria-labelledby={`beats-${section.key}`}
                style={{ marginBottom: 16 }}
              >
                <Typography.Title level={5} id={`beats-${section.key}`}>
                  {section.title} ({section.list.length})
                </Typography.Title>
                <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid={`beats-${section.key}`}>
                  {section.list.map((beat) => (
                    <BeatRow
                      key={beat.beatId}
                      beat={beat}
                      index={++index}
                      stats={stats}
                      narrow={narrow}
                      playing={playing === beat.beatId}
                      onPlay={() => togglePlay(beat)}
                      onDna={() => setDnaBeat(beat)}
                      onAction={(action) => onAction(beat, action)}
                    />
                  ))}
                </ul>
              </section>
            ) : null,
          )}
          {sections.every((section) => section.list.length === 0) ? (
            <Typography.Paragraph type="secondary">No beats match "{search}".</Typography.Paragraph>
          ) : null}
        </>
      )}
      <DnaDialog beat={dnaBeat} onClose={() => setDnaBeat(null)} />
      <RenameDialog beat={renaming} onClose={() => setRenaming(null)} onDone={done} />
      <CoverDialog beat={covering} onClose={() => setCovering(null)} onDone={done} />
      <PricesDialog beat={pricing} onClose={() => setPricing(null)} onDone={done} />
    </div>
  );
}
