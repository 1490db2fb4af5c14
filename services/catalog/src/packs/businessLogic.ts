import { PACK_MESSAGES } from '@beatmatch/contracts';
import { DomainError, type Decider } from '@beatmatch/platform';
import {
  evolvePack,
  initialPack,
  type ExistingPack,
  type Pack,
  type PackCreated,
  type PackEvent,
  type ShareRights,
} from './pack';

type Command<Type extends string, Data> = { type: Type; data: Data; metadata: { now: Date } };

export type CreatePack = Command<'CreatePack', Omit<PackCreated['data'], 'createdAt'>>;
/** The beat as the catalog's read model knows it (checked here, not trusted from the caller). */
export type AddBeatToPack = Command<
  'AddBeatToPack',
  { producerId: string; beat: { beatId: string; producerId: string; isPrivate: boolean } }
>;
export type RemoveBeatFromPack = Command<'RemoveBeatFromPack', { producerId: string; beatId: string }>;
/** The Share dialog's whole list; `newShareId` names a share this save creates. */
export type SaveShares = Command<
  'SaveShares',
  {
    producerId: string;
    list: Array<{ email: string; deleted: boolean } & ShareRights>;
    newShareId: (email: string) => string;
  }
>;
export type PackCommand = CreatePack | AddBeatToPack | RemoveBeatFromPack | SaveShares;

const notFound = () => new DomainError('pack_not_found', PACK_MESSAGES.packNotFound, 404);

/** The producer's own pack; another's is as good as missing (a private pack is not revealed). */
function ownPack(state: Pack, producerId: string): ExistingPack {
  if (state.status !== 'created' || state.producerId !== producerId) throw notFound();
  return state;
}

export function createPack({ data, metadata }: CreatePack, state: Pack): PackEvent[] {
  if (state.status === 'created') return [];
  return [{ type: 'PackCreated', data: { ...data, createdAt: metadata.now.toISOString() } }];
}

export function addBeat({ data, metadata }: AddBeatToPack, state: Pack): PackEvent[] {
  const pack = ownPack(state, data.producerId);
  const { beat } = data;
  if (beat.producerId !== data.producerId)
    throw new DomainError('beat_not_yours', PACK_MESSAGES.beatNotYours, 403);
  if (beat.isPrivate && !pack.isPrivate)
    throw new DomainError('private_beat', PACK_MESSAGES.privateBeatInPublicPack, 400);
  if (pack.beatIds.includes(beat.beatId)) return [];
  return [{ type: 'PackBeatAdded', data: { beatId: beat.beatId, addedAt: metadata.now.toISOString() } }];
}

export function removeBeat({ data, metadata }: RemoveBeatFromPack, state: Pack): PackEvent[] {
  const pack = ownPack(state, data.producerId);
  if (!pack.beatIds.includes(data.beatId)) return [];
  return [{ type: 'PackBeatRemoved', data: { beatId: data.beatId, removedAt: metadata.now.toISOString() } }];
}

/** One entry per address: a kept (not deleted) entry wins over a deleted one, the first over later ones. */
function entriesByEmail(list: SaveShares['data']['list']) {
  const byEmail = new Map<string, SaveShares['data']['list'][number]>();
  for (const entry of list) {
    const seen = byEmail.get(entry.email);
    if (!seen || (seen.deleted && !entry.deleted)) byEmail.set(entry.email, entry);
  }
  return byEmail;
}

export function saveShares({ data, metadata }: SaveShares, state: Pack): PackEvent[] {
  const pack = ownPack(state, data.producerId);
  if (!pack.isPrivate) throw new DomainError('public_pack', PACK_MESSAGES.publicPackNotShared, 400);
  const at = metadata.now.toISOString();
  const events: PackEvent[] = [];
  for (const [email, entry] of entriesByEmail(data.list)) {
    const { downloadMp3, downloadStems } = entry;
    const current = pack.shares[email];
    const active = current && !current.deleted;
    if (!active && !entry.deleted)
      events.push({
        type: 'PackShared',
        data: { shareId: data.newShareId(email), email, downloadMp3, downloadStems, sharedAt: at },
      });
    else if (active && entry.deleted)
      events.push({ type: 'PackShareRemoved', data: { email, removedAt: at } });
    else if (active && (current.downloadMp3 !== downloadMp3 || current.downloadStems !== downloadStems))
      events.push({
        type: 'PackShareRightsChanged',
        data: { email, downloadMp3, downloadStems, changedAt: at },
      });
  }
  return events;
}

export function decide(command: PackCommand, state: Pack): PackEvent[] {
  switch (command.type) {
    case 'CreatePack':
      return createPack(command, state);
    case 'AddBeatToPack':
      return addBeat(command, state);
    case 'RemoveBeatFromPack':
      return removeBeat(command, state);
    case 'SaveShares':
      return saveShares(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown pack command ${JSON.stringify(unknown)}`);
    }
  }
}

export const packDecider: Decider<Pack, PackCommand, PackEvent> = {
  decide,
  evolve: evolvePack,
  initialState: initialPack,
};
