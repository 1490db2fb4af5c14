import type { BeatPack, PackBeat } from '@beatmatch/contracts';
import { DeleteOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Avatar, Button, Empty, Space } from 'antd';
import { useNarrow } from '../manage/useNarrow';
import { DEFAULT_COVER } from '../manage/BeatRow';
import { AddBeatSearch } from './AddBeatSearch';

interface PackPanelProps {
  pack: BeatPack;
  playing: string | undefined;
  onPlay: (beat: PackBeat) => void;
  onAdd: (beatId: string) => void;
  onRemove: (beat: PackBeat) => void;
  onShare: () => void;
}

/** One pack's body: 'Add a beat', Share and its beat rows (index, cover, name, play, remove). */
export function PackPanel({ pack, playing, onPlay, onAdd, onRemove, onShare }: PackPanelProps) {
  const narrow = useNarrow();
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <AddBeatSearch packId={pack.id} onChoose={onAdd} />
        <Button onClick={onShare}>Share</Button>
      </Space>
      {pack.beats.length === 0 ? (
        <Empty description="No beats are in this pack" />
      ) : (
        <ol style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {pack.beats.map((beat, index) => (
            <li
              key={beat.beatId}
              style={{ display: 'flex', justifyContent: 'space-between', padding: '6px 0' }}
            >
              <Space>
                {!narrow && <span>{index + 1}</span>}
                <Avatar shape="square" src={beat.coverArtUrl ?? DEFAULT_COVER} alt="" />
                <span>{beat.beatName}</span>
                {!narrow && (
                  <Button
                    type="text"
                    aria-label={`${playing === beat.beatId ? 'Pause' : 'Play'} ${beat.beatName}`}
                    icon={playing === beat.beatId ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
                    onClick={() => onPlay(beat)}
                  />
                )}
              </Space>
              <Button
                type="text"
                danger
                aria-label={`Remove ${beat.beatName}`}
                icon={<DeleteOutlined style={{ color: 'red' }} />}
                onClick={() => onRemove(beat)}
              />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
