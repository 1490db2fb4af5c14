import type { LabBeat } from '@beatmatch/contracts';
import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Empty, Space, Spin } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { DEFAULT_COVER } from '../manage/BeatRow';
import { useSnippetPlayer } from '../packs/shared/useSnippetPlayer';
import { PricesDialog } from './PricesDialog';
import { StoreFiltersBar } from './StoreFiltersBar';
import { StoreHeader } from './StoreHeader';
import { filterBeats, useStore, type StoreFilters } from './useStore';

function BeatRows({ beats, onPrices }: { beats: LabBeat[]; onPrices: (beat: LabBeat) => void }) {
  const { audio, playing, toggle, ended } = useSnippetPlayer();
  if (beats.length === 0) return <Empty description="No beats found" />;
  return (
    <ol style={{ listStyle: 'none', padding: 0 }}>
      {beats.map((beat) => (
        <li key={beat.beatId} style={{ display: 'flex', justifyContent: 'space-between', padding: '8px 0' }}>
          <Space>
            <Button
              type="text"
              disabled={!beat.audioSrc}
              aria-label={`${playing === beat.beatId ? 'Pause' : 'Play'} ${beat.beatName}`}
              icon={playing === beat.beatId ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
              onClick={() => toggle(beat)}
            />
            <Avatar shape="square" src={beat.coverArtUrl ?? DEFAULT_COVER} alt="" />
            <span>{beat.beatName}</span>
          </Space>
          <Button onClick={() => onPrices(beat)}>{`From $${beat.firstDatePackage}`}</Button>
        </li>
      ))}
      <audio ref={audio} onEnded={ended} hidden />
    </ol>
  );
}

/** A producer's public store (/lab/{userId}, producer-side spec §2 Public store page). */
export function StorePage() {
  const { pathname } = useLocation();
  const userId = decodeURIComponent(pathname.split('/').filter(Boolean)[1] ?? '');
  const state = useStore(userId);
  const [filters, setFilters] = useState<StoreFilters>({ name: '', genre: null, subgenre: null, mood: null });
  const [pricing, setPricing] = useState<LabBeat | null>(null);
  if (state.status === 'loading') return <Spin aria-label="Loading" />;
  if (state.status === 'error') return <Alert type="error" message={state.message} />;
  return (
    <div>
      <StoreHeader profile={state.profile} beatCount={state.beats.length} />
      <StoreFiltersBar beats={state.beats} filters={filters} onChange={setFilters} />
      <BeatRows beats={filterBeats(state.beats, filters)} onPrices={setPricing} />
      {pricing && <PricesDialog beat={pricing} onClose={() => setPricing(null)} />}
    </div>
  );
}
