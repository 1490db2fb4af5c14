import type { CallAnswer } from '@beatmatch/contracts';
import { beatmatchSdk, useSessionState } from '@beatmatch/frontend-common/sdk';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorText } from '../../manage/manageApi';
import { PackBeats } from './PackBeats';
import { usePackView } from './usePackView';
import { VerifyEmailDialog } from './VerifyEmailDialog';
import { viewerAccess } from './viewerAccess';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Without id: the packs shared with the caller, per producer. */
function PackList() {
  const navigate = useNavigate();
  const [list, setList] = useState<CallAnswer<'getPackList'>['data']>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    const access = viewerAccess.get();
    beatmatchSdk()
      .api.call('getPackList', access ? { access } : {})
      .then(({ data }) => setList(data))
      .catch((failure: unknown) => setError(errorText(failure)));
  }, []);
  if (error) return <Alert type="error" message={error} />;
  if (!list) return <Spin aria-label="Loading" />;
  const count = list.reduce((sum, group) => sum + group.beatPacks.length, 0);
  if (count === 0) return <Empty description="No Beat Packs have been shared with you" />;
  return (
    <>
      <h2>{plural(count, 'Pack')}</h2>
      {list.map((group) => (
        <section key={group.producer}>
          <h3>{`${group.producer}'s Packs`}</h3>
          <Space wrap>
            {group.beatPacks.map((pack) => (
              <Button key={pack.url} onClick={() => navigate(`/packs?id=${encodeURIComponent(pack.url)}`)}>
                {pack.name}
              </Button>
            ))}
          </Space>
        </section>
      ))}
    </>
  );
}

/** With id: one pack, its header ('Created by', the count) and its beats. */
function PackPage({ urlId }: { urlId: string }) {
  const navigate = useNavigate();
  const signedIn = useSessionState().status === 'signedIn';
  const { state, reload } = usePackView(urlId, signedIn);
  if (state.status === 'loading') return <Spin aria-label="Loading" />;
  if (state.status === 'verify') return <VerifyEmailDialog onVerified={() => void reload()} />;
  if (state.status === 'error') return <Alert type="error" message={state.message} />;
  const { view } = state;
  return (
    <>
      <Space align="center">
        {signedIn && (
          <Button aria-label="Back" icon={<ArrowLeftOutlined />} onClick={() => navigate('/packs')} />
        )}
        <div>
          <h2 style={{ margin: 0 }}>{view.name}</h2>
          <div>{`Created by ${view.producer}`}</div>
          <div>{plural(view.beats, 'beat')}</div>
        </div>
      </Space>
      <PackBeats view={view} urlId={urlId} {...(state.access ? { access: state.access } : {})} />
    </>
  );
}

/** The shared pack page (/packs, producer-side spec §2 Shared pack page). */
export function SharedPacks() {
  const [params] = useSearchParams();
  const urlId = params.get('id');
  return urlId ? <PackPage urlId={urlId} /> : <PackList />;
}
