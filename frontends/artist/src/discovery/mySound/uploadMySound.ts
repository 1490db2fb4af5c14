import { beatmatchSdk, putFile } from '@beatmatch/frontend-common/sdk';

/** A failed step is tried up to 2 more times (producer-side spec §4 Upload phases). */
const ATTEMPTS = 3;

async function withRetries<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
    }
  }
}

/**
 * A My Sound upload through the catalog's upload path (producer-side spec §4: mp3 only, isMySound):
 * the reference, the MP3's signed URL, the PUT, the confirm (its signature checked), then finalize.
 * The catalog analyses it and the matchmaker lists it (processing until its tags are there).
 */
export async function uploadMySound(name: string, mp3: File): Promise<string> {
  const { api } = beatmatchSdk();
  // A reference song is not for sale: its prices are nothing, and it never reaches a store.
  const { beatRefId } = await api.call('beatmatch_create_reference', {
    name,
    isBeatBattle: false,
    isMySound: true,
    firstDatePackagePrice: '0.00',
    relationshipPackagePrice: '0.00',
    marriagePackagePrice: '-',
  });
  await withRetries(async () => {
    const signed = await api.call('get_presignedUrl', { type: 'mp3', trackId: beatRefId, fileKey: mp3.name });
    await putFile(signed, mp3);
    await api.call('aws_upload', { type: 'mp3', refId: beatRefId, isBeatBattle: false, isMySound: true });
  });
  await api.callForm('beatmatch_upload_beat', { name, beatRefId, zipUploaded: false });
  return beatRefId;
}
