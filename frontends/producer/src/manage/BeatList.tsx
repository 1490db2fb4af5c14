import { DownOutlined, SearchOutlined } from '@ant-design/icons';
import type { ManagedBeat, ManageBeatsResponse } from '@beatmatch/contracts';
import type { BeatTotals } from '@beatmatch/frontend-common/sdk';
import { Button, Dropdown, Input, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { BeatRow, type BeatAction } from './BeatRow';
import { useNarrow } from './useNarrow';
import type { Stats } from './useManagedBeats';

/** Case-insensitive substring filter on the beat name (spec §2 'Search Beats'). */
export const filterBeats = (beats: ManagedBeat[], search: string) => {
  const needle = search.trim().toLowerCase();
  return needle ? beats.filter((beat) => beat.beatName.toLowerCase().includes(needle)) : beats;
};

/** The totals, Search Beats and Bulk Updates, then the beats by section (pending, failed, uploaded). */
export function BeatList({
  beats,
  totals,
  stats,
  playing,
  onPlay,
  onDna,
  onAction,
  onBulkPrices,
}: {
  beats: ManageBeatsResponse;
  totals: BeatTotals | undefined;
  stats: Stats;
  playing: string | undefined;
  onPlay(beat: ManagedBeat): void;
  onDna(beat: ManagedBeat): void;
  onAction(beat: ManagedBeat, action: BeatAction): void;
  onBulkPrices(): void;
}) {
  const narrow = useNarrow();
  const [search, setSearch] = useState('');
  const sections: Array<{ key: string; title: string; list: ManagedBeat[] }> = [
    { key: 'pending', title: 'Pending', list: filterBeats(beats.pending, search) },
    { key: 'failed', title: 'Failed', list: filterBeats(beats.failed, search) },
    { key: 'uploaded', title: 'Uploaded', list: filterBeats(beats.uploaded, search) },
  ];
  let index = 0;
  return (
    <>
      <TotalsBar beats={beats} totals={totals} />
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
          menu={{ items: [{ key: 'prices', label: 'Prices' }], onClick: onBulkPrices }}
        >
          <Button>
            Bulk Updates <DownOutlined />
          </Button>
        </Dropdown>
      </Space>
      {sections.map((section) =>
        section.list.length ? (
          <section key={section.key} aria-labelledby={`beats-${section.key}`} style={{ marginBottom: 16 }}>
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
                  onPlay={() => onPlay(beat)}
                  onDna={() => onDna(beat)}
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
  );
}

/** The counts over all the producer's beats. */
function TotalsBar({ beats, totals }: { beats: ManageBeatsResponse; totals: BeatTotals | undefined }) {
  return (
    <Space wrap size="large" style={{ marginBottom: 16 }} data-testid="totals">
      <Statistic title="Beats" value={beats.uploaded.length} />
      <Statistic title="Pending" value={beats.pending.length} />
      <Statistic title="Matches" value={totals?.matches ?? 0} />
      <Statistic title="Passes" value={totals?.passes ?? 0} />
      <Statistic title="Purchases" value={totals?.purchases ?? 0} />
    </Space>
  );
}
