import {
  callUrl,
  centsToDollars,
  type BeatPack,
  type PackBeat,
  type PackView,
  type SharedUser,
} from '@beatmatch/contracts';
import { coverArtUrl } from '../beats/beat';
import type { PackBeatRow, PackRow, ShareRow } from './readModel';

/** The read models' rows as the spec's entities (producer-side §3: Beat pack, Beat in pack, Shared user). */
const bit = (flag: boolean) => (flag ? 1 : 0) as 0 | 1;

export function packBeat(
  row: PackBeatRow,
  rights?: Pick<ShareRow, 'downloadMp3' | 'downloadStems'>,
): PackBeat {
  return {
    id: row.beatId,
    beatId: row.beatId,
    beatName: row.name,
    coverArtUrl: coverArtUrl(row.beatId, row.cover),
    isPrivate: row.isPrivate,
    downloadMp3: bit(rights?.downloadMp3 ?? false),
    downloadStems: bit(Boolean(rights?.downloadStems && row.files?.stemsKey)),
  };
}

export const beatPack = (pack: PackRow, beats: PackBeatRow[]): BeatPack => ({
  id: pack.packId,
  name: pack.name,
  private: bit(pack.isPrivate),
  url: pack.urlId,
  beats: beats.map((row) => packBeat(row)),
});

export const sharedUser = (share: ShareRow): SharedUser => ({
  id: share.shareId,
  email: share.email,
  downloadMp3: bit(share.downloadMp3),
  downloadStems: bit(share.downloadStems),
  // A share's mail is requested in the same transaction that records it (the outbox sends it).
  emailSent: 1,
  deleted: bit(share.deleted),
});

export function packView(
  pack: PackRow,
  beats: PackBeatRow[],
  context: { signedIn: boolean; rights?: Pick<ShareRow, 'downloadMp3' | 'downloadStems'> },
): PackView {
  return {
    name: pack.name,
    producer: pack.producerName,
    producerId: pack.producerId,
    beats: beats.length,
    isPrivate: pack.isPrivate,
    signedIn: context.signedIn,
    beatList: beats.map((row) => ({
      ...packBeat(row, context.rights),
      audioSrc: row.files?.snippetKey
        ? `${callUrl('beatmatch_beat_play_snippet')}?beatId=${encodeURIComponent(row.beatId)}`
        : null,
      firstDatePackage: centsToDollars(row.prices.firstDate),
      relationshipPackage: centsToDollars(row.prices.relationship),
      marriagePackage: centsToDollars(row.prices.marriage),
    })),
  };
}
