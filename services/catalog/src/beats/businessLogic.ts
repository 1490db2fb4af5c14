import type { BeatDna, BeatFileType, BeatFiles, BeatPrices, Crate } from '@beatmatch/contracts';
import { DomainError, type Decider } from '@beatmatch/platform';
import {
  evolve,
  initialState,
  requiredFiles,
  type Beat,
  type BeatDrafted,
  type BeatEvent,
  type Cover,
  type ExistingBeat,
  type UploadFailure,
} from './beat';

/*
 * The beat's commands and the decisions on them: one small function per command, `decide` dispatches
 * (the aggregate's events, state and evolve: ./beat.ts).
 */

type Now = { now: Date };
export type BeatCommand =
  | {
      type: 'DraftBeat';
      data: Omit<BeatDrafted['data'], 'draftedAt'>;
      metadata: Now;
    }
  | {
      type: 'RecordFile';
      data: { fileType: BeatFileType; key: string; size: number; attempt?: string };
      metadata: Now;
    }
  | {
      type: 'ReceiveFiles';
      data: { name: string; zipUploaded: boolean; cover: Omit<Cover, 'version'> | null };
      metadata: Now;
    }
  | { type: 'StartAnalysis'; metadata: Now }
  | { type: 'CompleteAnalysis'; data: { dna: BeatDna }; metadata: Now }
  | { type: 'FailUpload'; data: UploadFailure; metadata: Now }
  | { type: 'Rename'; data: { name: string }; metadata: Now }
  | { type: 'Reprice'; data: { prices: BeatPrices }; metadata: Now }
  | { type: 'ChangeCover'; data: { cover: Omit<Cover, 'version'> }; metadata: Now }
  | { type: 'ChangePrivacy'; data: { isPrivate: boolean }; metadata: Now }
  | { type: 'ChangeCrate'; data: { crate: Crate }; metadata: Now }
  | { type: 'Delete'; metadata: Now };

export const MESSAGES = {
  notFound: 'Beat not found.',
  notDraft: 'This upload is already finished. Please start a new upload.',
  missingFiles: 'Empty fields. Please ensure all files were chosen.',
  nameRequired: 'Beat name is required.',
  privateHasNoPrices: 'Private beats have no prices.',
  marriageNeedsStems: 'The Marriage package needs stems.',
  marriageRequired: 'Please enter a price for the Marriage package.',
  failed: 'This upload failed. Please upload the beat again.',
} as const;

const iso = (metadata: Now) => metadata.now.toISOString();

function existing(state: Beat): ExistingBeat {
  if (state.status === 'none' || state.deleted) throw new DomainError('not_found', MESSAGES.notFound, 404);
  return state;
}

function samePrices(a: BeatPrices, b: BeatPrices) {
  return a.firstDate === b.firstDate && a.relationship === b.relationship && a.marriage === b.marriage;
}

type Command<T extends BeatCommand['type']> = Extract<BeatCommand, { type: T }>;

function draftBeat(command: Command<'DraftBeat'>, state: Beat): BeatEvent[] {
  if (state.status !== 'none') return []; // the same reference created twice: nothing new
  if (!command.data.name.trim()) throw new DomainError('name_required', MESSAGES.nameRequired);
  if (
    command.data.prices.marriage !== null &&
    command.data.kind !== 'public' &&
    command.data.kind !== 'private'
  )
    throw new DomainError('marriage_needs_stems', MESSAGES.marriageNeedsStems);
  return [{ type: 'BeatDrafted', data: { ...command.data, draftedAt: iso(command.metadata) } }];
}

function recordFile(command: Command<'RecordFile'>, state: Beat): BeatEvent[] {
  const beat = existing(state);
  if (beat.status !== 'draft') throw new DomainError('not_draft', MESSAGES.notDraft, 409);
  return [{ type: 'BeatFileUploaded', data: { ...command.data, uploadedAt: iso(command.metadata) } }];
}

function receiveFiles(command: Command<'ReceiveFiles'>, state: Beat): BeatEvent[] {
  const beat = existing(state);
  if (beat.status !== 'draft') {
    if (beat.status === 'failed') throw new DomainError('failed', MESSAGES.failed, 409);
    return []; // finalize retried: already received
  }
  const name = command.data.name.trim();
  if (!name) throw new DomainError('name_required', MESSAGES.nameRequired);
  const needed = requiredFiles(beat.kind, command.data.zipUploaded);
  if (needed.some((type) => !beat.uploads[type]))
    throw new DomainError('missing_files', MESSAGES.missingFiles);
  if (beat.prices.marriage !== null && !command.data.zipUploaded)
    throw new DomainError('marriage_needs_stems', MESSAGES.marriageNeedsStems);
  const files: BeatFiles = {
    snippetKey: needed.includes('snippet') ? beat.uploads.snippet!.key : null,
    mp3Key: beat.uploads.mp3!.key,
    wavKey: needed.includes('wav') ? beat.uploads.wav!.key : null,
    stemsKey: needed.includes('trackout') ? beat.uploads.trackout!.key : null,
  };
  const cover = command.data.cover ? { ...command.data.cover, version: 1 } : null;
  return [{ type: 'BeatFilesReceived', data: { name, files, cover, receivedAt: iso(command.metadata) } }];
}

function startAnalysis(command: Command<'StartAnalysis'>, state: Beat): BeatEvent[] {
  const beat = existing(state);
  if (beat.status === 'filesReceived')
    return [{ type: 'BeatAnalysisStarted', data: { startedAt: iso(command.metadata) } }];
  if (beat.status === 'analysing' || beat.status === 'published') return [];
  if (beat.status === 'failed') throw new DomainError('failed', MESSAGES.failed, 409);
  throw new DomainError('not_received', MESSAGES.missingFiles, 409);
}

function completeAnalysis(command: Command<'CompleteAnalysis'>, state: Beat): BeatEvent[] {
  if (state.status !== 'none' && state.deleted) return []; // deleted while analysing: never published
  const beat = existing(state);
  if (beat.status === 'published') return []; // a retried activity: published once
  if (beat.status === 'failed') throw new DomainError('failed', MESSAGES.failed, 409);
  if (beat.status === 'draft') throw new DomainError('not_received', MESSAGES.missingFiles, 409);
  const at = iso(command.metadata);
  return [
    ...(beat.status === 'filesReceived'
      ? [{ type: 'BeatAnalysisStarted' as const, data: { startedAt: at } }]
      : []),
    { type: 'BeatPublished', data: { dna: command.data.dna, publishedAt: at } },
  ];
}

function failUpload(command: Command<'FailUpload'>, state: Beat): BeatEvent[] {
  if (state.status !== 'none' && state.deleted) return [];
  const beat = existing(state);
  if (beat.status === 'failed' || beat.status === 'published') return [];
  const reason = command.data.reason || 'Upload failed';
  return [{ type: 'BeatUploadFailed', data: { ...command.data, reason, failedAt: iso(command.metadata) } }];
}

function rename(command: Command<'Rename'>, state: Beat): BeatEvent[] {
  const beat = existing(state);
  const name = command.data.name.trim();
  if (!name) throw new DomainError('name_required', MESSAGES.nameRequired);
  if (name === beat.name) return [];
  return [{ type: 'BeatRenamed', data: { name, renamedAt: iso(command.metadata) } }];
}

function reprice(command: Command<'Reprice'>, state: Beat): BeatEvent[] {
  const beat = existing(state);
  if (beat.isPrivate) throw new DomainError('private_no_prices', MESSAGES.privateHasNoPrices);
  const hasMarriage = beat.prices.marriage !== null;
  const { prices } = command.data;
  if (!hasMarriage && prices.marriage !== null)
    throw new DomainError('marriage_needs_stems', MESSAGES.marriageNeedsStems);
  if (hasMarriage && prices.marriage === null)
    throw new DomainError('marriage_required', MESSAGES.marriageRequired);
  if (samePrices(prices, beat.prices)) return [];
  return [{ type: 'BeatRepriced', data: { prices, pricedAt: iso(command.metadata) } }];
}

function changeCover(command: Command<'ChangeCover'>, state: Beat): BeatEvent[] {
  const version = (existing(state).cover?.version ?? 0) + 1;
  const cover = { ...command.data.cover, version };
  return [{ type: 'BeatCoverChanged', data: { cover, changedAt: iso(command.metadata) } }];
}

function changePrivacy(command: Command<'ChangePrivacy'>, state: Beat): BeatEvent[] {
  const { isPrivate } = command.data;
  if (existing(state).isPrivate === isPrivate) return [];
  return [{ type: 'BeatPrivacyChanged', data: { isPrivate, changedAt: iso(command.metadata) } }];
}

function changeCrate(command: Command<'ChangeCrate'>, state: Beat): BeatEvent[] {
  const { crate } = command.data;
  if (existing(state).crate === crate) return [];
  return [{ type: 'BeatCrateChanged', data: { crate, changedAt: iso(command.metadata) } }];
}

function deleteBeat(command: Command<'Delete'>, state: Beat): BeatEvent[] {
  if (state.status !== 'none' && state.deleted) return [];
  const beat = existing(state);
  return [{ type: 'BeatDeleted', data: { producerId: beat.producerId, deletedAt: iso(command.metadata) } }];
}

export function decide(command: BeatCommand, state: Beat): BeatEvent[] {
  switch (command.type) {
    case 'DraftBeat':
      return draftBeat(command, state);
    case 'RecordFile':
      return recordFile(command, state);
    case 'ReceiveFiles':
      return receiveFiles(command, state);
    case 'StartAnalysis':
      return startAnalysis(command, state);
    case 'CompleteAnalysis':
      return completeAnalysis(command, state);
    case 'FailUpload':
      return failUpload(command, state);
    case 'Rename':
      return rename(command, state);
    case 'Reprice':
      return reprice(command, state);
    case 'ChangeCover':
      return changeCover(command, state);
    case 'ChangePrivacy':
      return changePrivacy(command, state);
    case 'ChangeCrate':
      return changeCrate(command, state);
    case 'Delete':
      return deleteBeat(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown beat command ${(unknown as BeatCommand).type}`);
    }
  }
}

export const beatDecider: Decider<Beat, BeatCommand, BeatEvent> = {
  decide,
  evolve,
  initialState,
};
