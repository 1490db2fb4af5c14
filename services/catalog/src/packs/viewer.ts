import {
  PACK_CODE_ATTEMPTS,
  PACK_CODE_MINUTES,
  PACK_MESSAGES,
  PACK_VIEWER_HOURS,
} from '@beatmatch/contracts';
import { DomainError, type Decider } from '@beatmatch/platform';

/*
 * A visitor who proves an e-mail address to view the private packs shared with it (spec §2 Shared pack
 * page, 'Verify Your Email'; §6 private pack viewing). Stream `packViewer:<hash of the address>`: a code
 * is issued (only its hash is kept), checked at most PACK_CODE_ATTEMPTS times, and a right answer grants
 * a viewer token (its hash is kept) for PACK_VIEWER_HOURS.
 */
export type PackCodeIssued = {
  type: 'PackCodeIssued';
  data: { codeHash: string; issuedAt: string; expiresAt: string };
};
export type PackCodeRejected = {
  type: 'PackCodeRejected';
  data: { failedAttempts: number; rejectedAt: string };
};
export type PackViewerVerified = {
  type: 'PackViewerVerified';
  data: { email: string; tokenHash: string; verifiedAt: string; expiresAt: string };
};
export type ViewerEvent = PackCodeIssued | PackCodeRejected | PackViewerVerified;

export interface Viewer {
  code: { codeHash: string; expiresAt: string; failedAttempts: number } | null;
}

type Command<Type extends string, Data> = { type: Type; data: Data; metadata: { now: Date } };
export type IssueCode = Command<'IssueCode', { codeHash: string }>;
export type CheckCode = Command<'CheckCode', { email: string; codeHash: string; tokenHash: string }>;
export type ViewerCommand = IssueCode | CheckCode;

export const viewerStream = (emailHash: string) => `packViewer:${emailHash}`;

function evolve(state: Viewer, event: ViewerEvent): Viewer {
  switch (event.type) {
    case 'PackCodeIssued':
      return { code: { codeHash: event.data.codeHash, expiresAt: event.data.expiresAt, failedAttempts: 0 } };
    case 'PackCodeRejected':
      return { code: state.code && { ...state.code, failedAttempts: event.data.failedAttempts } };
    case 'PackViewerVerified':
      return { code: null };
  }
}

const minutesLater = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

function decide(command: ViewerCommand, state: Viewer): ViewerEvent[] {
  const { now } = command.metadata;
  if (command.type === 'IssueCode')
    return [
      {
        type: 'PackCodeIssued',
        data: {
          codeHash: command.data.codeHash,
          issuedAt: now.toISOString(),
          expiresAt: minutesLater(now, PACK_CODE_MINUTES),
        },
      },
    ];
  const { code } = state;
  if (!code || code.failedAttempts >= PACK_CODE_ATTEMPTS || code.expiresAt <= now.toISOString())
    throw new DomainError('code_expired', PACK_MESSAGES.codeExpired, 400);
  if (code.codeHash !== command.data.codeHash)
    return [
      {
        type: 'PackCodeRejected',
        data: { failedAttempts: code.failedAttempts + 1, rejectedAt: now.toISOString() },
      },
    ];
  const { email, tokenHash } = command.data;
  const expiresAt = minutesLater(now, PACK_VIEWER_HOURS * 60);
  return [
    { type: 'PackViewerVerified', data: { email, tokenHash, verifiedAt: now.toISOString(), expiresAt } },
  ];
}

export const viewerDecider: Decider<Viewer, ViewerCommand, ViewerEvent> = {
  decide,
  evolve,
  initialState: () => ({ code: null }),
};
