import type { ManagedBeat } from '@beatmatch/contracts';
import { beatmatchSdk, catalogApi } from '@beatmatch/frontend-common/sdk';
import { Alert, App, Button, Empty, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CoverDialog, RenameDialog } from './BeatDialogs';
import { BeatList } from './BeatList';
import type { BeatAction } from './BeatRow';
import { DnaDialog } from './DnaDialog';
import { ALL_BEATS, PricesDialog } from './PricesDialog';
import { useBeatPreview } from './useBeatPreview';
import { errorText } from './manageApi';
import { useManagedBeats } from './useManagedBeats';

/** Manage Beats (producer-side spec §2, §4 Manage beats): uploaded, pending and failed beats. */
export function ManageBeats() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const catalog = useMemo(() => catalogApi(beatmatchSdk().api), []);
  const { beats, totals, stats, loadError, load, remove } = useManagedBeats(catalog);
  const [dnaBeat, setDnaBeat] = useState<ManagedBeat | null>(null);
  const [renaming, setRenaming] = useState<ManagedBeat | null>(null);
  const [covering, setCovering] = useState<ManagedBeat | null>(null);
  const [pricing, setPricing] = useState<ManagedBeat | typeof ALL_BEATS | null>(null);
  const preview = useBeatPreview();

  const confirmDelete = (beat: ManagedBeat) => {
    void modal.confirm({
      title: 'Delete beat',
      content: `Are you sure you want to delete the beat "${beat.beatName}"? THIS CAN NOT BE UNDONE!`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await catalog.deleteBeat(beat.beatId, beat.beatName);
          if (preview.playing === beat.beatId) preview.togglePlay(beat);
          remove(beat);
          message.success(`Deleted ${beat.beatName}`);
        } catch (error) {
          message.error(errorText(error));
        }
      },
    });
  };

  const onAction = (beat: ManagedBeat, action: BeatAction) => {
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

  if (!beats) return <ManageBeatsLoading error={loadError} />;

  return (
    <div style={{ maxWidth: 960, margin: '0 auto', padding: '16px 8px' }}>
      <audio ref={preview.audio} onEnded={preview.ended} aria-hidden />
      {loadError ? <Alert type="error" showIcon title={loadError} style={{ marginBottom: 12 }} /> : null}
      {[...beats.pending, ...beats.failed, ...beats.uploaded].length === 0 ? (
        <Empty description="No beats have been uploaded">
          <Button type="primary" onClick={() => navigate('../uploadBeats')}>
            Upload Here
          </Button>
        </Empty>
      ) : (
        <BeatList
          beats={beats}
          totals={totals}
          stats={stats}
          playing={preview.playing}
          onPlay={preview.togglePlay}
          onDna={setDnaBeat}
          onAction={onAction}
          onBulkPrices={() => setPricing(ALL_BEATS)}
        />
      )}
      <DnaDialog beat={dnaBeat} onClose={() => setDnaBeat(null)} />
      <RenameDialog beat={renaming} onClose={() => setRenaming(null)} onDone={done} />
      <CoverDialog beat={covering} onClose={() => setCovering(null)} onDone={done} />
      <PricesDialog beat={pricing} onClose={() => setPricing(null)} onDone={done} />
    </div>
  );
}

/** Until the first answer: a spinner, or the error. */
function ManageBeatsLoading({ error }: { error: string | undefined }) {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      {error ? (
        <Alert type="error" showIcon title={error} role="alert" />
      ) : (
        <Spin aria-label="Loading your beats" />
      )}
    </div>
  );
}
