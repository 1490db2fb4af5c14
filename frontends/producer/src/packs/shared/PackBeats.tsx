import type { PackView } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Space } from 'antd';
import { DEFAULT_COVER } from '../../manage/BeatRow';
import { errorText } from '../../manage/manageApi';
import { useSnippetPlayer } from './useSnippetPlayer';

type ViewBeat = PackView['beatList'][number];

/**
 * A pack's beats on the shared pack page: play (the snippet where there is one), name, and for a
 * private pack 'Downloads:' with the buttons its share allows; a public pack's beats link to their
 * prices in the Matchmaker (/matchmaker?beat=).
 */
export function PackBeats({ view, urlId, access }: { view: PackView; urlId: string; access?: string }) {
  const { message } = App.useApp();
  const { audio, playing, toggle, ended } = useSnippetPlayer();

  const download = async (beat: ViewBeat, downloadable: 'mp3' | 'stems') => {
    try {
      const request = { downloadable, beatId: beat.beatId, urlId, ...(access ? { access } : {}) };
      const { url } = await beatmatchSdk().api.call('get_pack_downloadable', request);
      window.open(url, '_blank', 'noopener');
    } catch (error) {
      message.error(errorText(error));
    }
  };

  return (
    <ol style={{ listStyle: 'none', padding: 0 }}>
      {view.beatList.map((beat) => (
        <li
          key={beat.beatId}
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            gap: 12,
            padding: '8px 0',
            flexWrap: 'wrap',
          }}
        >
          <Space>
            {beat.audioSrc && (
              <Button
                type="text"
                aria-label={`${playing === beat.beatId ? 'Pause' : 'Play'} ${beat.beatName}`}
                icon={playing === beat.beatId ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
                onClick={() => toggle(beat)}
              />
            )}
            <Avatar shape="square" src={beat.coverArtUrl ?? DEFAULT_COVER} alt="" />
            <span>{beat.beatName}</span>
          </Space>
          {view.isPrivate ? (
            <Space>
              <span>Downloads:</span>
              {beat.downloadMp3 === 1 && <Button onClick={() => void download(beat, 'mp3')}>MP3</Button>}
              {beat.downloadStems === 1 && (
                <Button onClick={() => void download(beat, 'stems')}>Stems</Button>
              )}
            </Space>
          ) : (
            <Button href={`/matchmaker?beat=${encodeURIComponent(beat.beatId)}`}>
              From ${beat.firstDatePackage}
            </Button>
          )}
        </li>
      ))}
      <audio ref={audio} onEnded={ended} hidden />
    </ol>
  );
}
