import { BATTLE_MESSAGES } from '@beatmatch/contracts';
import { ApiError, beatmatchSdk, putFile } from '@beatmatch/frontend-common/sdk';

/** Producer-side spec §4's message once a step has failed three times. */
const UPLOAD_FAILED = 'Something went wrong with your upload. Please try again. Thank you!';
/** How long the page waits for the catalog to publish the upload (its checks and DNA) before giving up. */
const PUBLISH_WAIT_MS = 120_000;
const PUBLISH_POLL_MS = 2_000;

export type BattleUploadStep = 'uploading' | 'checking' | 'entering';

/** A step is retried up to 2 more times (spec §4, File upload order). */
async function withRetries<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= 3) throw new Error(UPLOAD_FAILED, { cause: error });
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Enters the upload once the catalog has published it (the battle answers 'upload_pending' until then). */
async function enter(battleId: string, beatId: string) {
  const deadline = Date.now() + PUBLISH_WAIT_MS;
  for (;;) {
    try {
      return await beatmatchSdk().api.call('beat_battle_submit', { battleId, beatId });
    } catch (error) {
      const pending = error instanceof ApiError && error.code === 'upload_pending';
      if (!pending) throw error;
      if (Date.now() > deadline) throw new Error(BATTLE_MESSAGES.uploadNotFound, { cause: error });
      await sleep(PUBLISH_POLL_MS);
    }
  }
}

/**
 * A battle entry through the beat battle upload path (producer-side spec §4: the reference with
 * isBeatBattle, then the MP3 alone: upload URL, PUT, confirm; then finalize), then entered in the battle.
 */
export async function uploadBattleEntry(
  battleId: string,
  name: string,
  mp3: File,
  onStep: (step: BattleUploadStep, percent: number) => void,
) {
  const { api } = beatmatchSdk();
  onStep('uploading', 0);
  const { beatRefId } = await withRetries(() =>
    api.call('beatmatch_create_reference', { name, isBeatBattle: true, isMySound: false }),
  );
  await withRetries(async () => {
    const signed = await api.call('get_presignedUrl', { type: 'mp3', trackId: beatRefId, fileKey: mp3.name });
    await putFile(signed, mp3, (loaded, total) => onStep('uploading', Math.round((loaded / total) * 100)));
    await api.call('aws_upload', { type: 'mp3', refId: beatRefId, isBeatBattle: true, isMySound: false });
  });
  onStep('checking', 100);
  await withRetries(() => api.callForm('beatmatch_upload_beat', { name, beatRefId, zipUploaded: false }));
  onStep('entering', 100);
  return enter(battleId, beatRefId);
}
