import type { BeatPack } from '@beatmatch/contracts';
import { DownOutlined } from '@ant-design/icons';
import { Alert, App, Button, Collapse, Dropdown, Result, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../manage/manageApi';
import { useBeatPreview } from '../manage/useBeatPreview';
import { PackPanel } from './PackPanel';
import { ShareDialog } from './ShareDialog';
import { useBeatPacks } from './useBeatPacks';

const countLabel = (count: number) => `${count} Beat Pack${count === 1 ? '' : 's'}`;

/** The Beat Packs manager (/user/beatPacks, producer-side spec §2 Beat Packs manager, Share dialog). */
export function BeatPacks() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { state, addPack, addBeat, removeBeat } = useBeatPacks();
  const [sharing, setSharing] = useState<BeatPack | null>(null);
  const preview = useBeatPreview();
  const tell = (action: Promise<unknown>) =>
    void action.catch((error: unknown) => message.error(errorText(error)));

  if (state.status === 'loading') return <Spin aria-label="Loading" />;
  if (state.status === 'error') return <Alert type="error" message={state.message} />;
  if (state.status === 'noAccess')
    return (
      <Result
        status="403"
        title="No Access"
        extra={
          <Button type="primary" onClick={() => navigate('/user/subscriptions')}>
            Subscribe Here
          </Button>
        }
      />
    );

  return (
    <div>
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}
      >
        <h2 style={{ margin: 0 }}>{countLabel(state.packs.length)}</h2>
        <Space.Compact>
          <Button type="primary" onClick={() => tell(addPack('Add Private Pack'))}>
            Add Pack
          </Button>
          <Dropdown
            menu={{
              items: [{ key: 'public', label: 'Add Public Pack' }],
              onClick: () => tell(addPack('Add Public Pack')),
            }}
          >
            <Button type="primary" aria-label="More pack kinds" icon={<DownOutlined />} />
          </Dropdown>
        </Space.Compact>
      </div>
      <Collapse
        items={state.packs.map((pack) => ({
          key: pack.id,
          label: (
            <>
              <Tag color={pack.private ? 'gold' : 'blue'}>{pack.private ? 'Private' : 'Public'}</Tag>
              {pack.name}
            </>
          ),
          children: (
            <PackPanel
              pack={pack}
              playing={preview.playing}
              onPlay={preview.togglePlay}
              onAdd={(beatId) => tell(addBeat(pack.id, beatId))}
              onRemove={(beat) => tell(removeBeat(pack.id, beat))}
              onShare={() => setSharing(pack)}
            />
          ),
        }))}
      />
      <audio ref={preview.audio} onEnded={preview.ended} hidden />
      {sharing && <ShareDialog pack={sharing} onClose={() => setSharing(null)} />}
    </div>
  );
}
