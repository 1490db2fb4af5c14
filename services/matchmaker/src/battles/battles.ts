import { randomUUID } from 'node:crypto';
import { BATTLE_MESSAGES as M, type BattleSummary, type CallRequest } from '@beatmatch/contracts';
import { DomainError, handleCommand, type Caller, type EventStore } from '@beatmatch/platform';
import { battleStream } from './battle';
import { battleDecider, type BattleCommand } from './businessLogic';
import { battleMailPublication } from './mail';
import type { BattleQueries } from './queries';

/** Where the lifecycle runs (a Temporal workflow, temporal.ts): told when a battle opens and when an admin closes it. */
export interface BattleLifecycle {
  opened(battle: BattleSummary): Promise<void>;
  closedByAdmin(battleId: string): Promise<void>;
}

export interface BattleDeps {
  store: EventStore;
  queries: BattleQueries;
  clock: () => Date;
  lifecycle: BattleLifecycle;
}

type WithoutMetadata<C> = C extends BattleCommand ? Omit<C, 'metadata'> : never;

/** Decides one command on the battle's stream; WinnerAnnounced queues the result mails in the same append. */
export const runBattleCommand = (
  deps: Pick<BattleDeps, 'store' | 'clock'>,
  battleId: string,
  command: WithoutMetadata<BattleCommand>,
) =>
  handleCommand(
    deps.store,
    battleStream(battleId),
    battleDecider,
    { ...command, metadata: { now: deps.clock() } } as BattleCommand,
    { publish: battleMailPublication },
  );

export async function summaryOf(
  deps: Pick<BattleDeps, 'queries' | 'clock'>,
  battleId: string,
): Promise<BattleSummary> {
  const summary = await deps.queries.summary(battleId, deps.clock());
  if (!summary) throw new DomainError('battle_not_found', M.notFound, 404);
  return summary;
}

export async function openBattle(
  deps: BattleDeps,
  input: CallRequest<'beat_battle_open'>,
  openedBy: string,
): Promise<BattleSummary> {
  const battleId = randomUUID();
  await runBattleCommand(deps, battleId, {
    type: 'OpenBattle',
    data: {
      battleId,
      theme: input.theme,
      rules: input.rules ?? '',
      submissionsCloseAt: new Date(input.submissionsCloseAt),
      votingClosesAt: new Date(input.votingClosesAt),
      openedBy,
    },
  });
  const summary = await summaryOf(deps, battleId);
  await deps.lifecycle.opened(summary);
  return summary;
}

/**
 * Enters one of the caller's beat battle uploads. The catalog publishes an upload a few seconds after
 * it is finalized (checks and DNA), so an upload not yet known is 'still being checked' (409): the
 * submission page asks again.
 */
export async function submitEntry(
  deps: BattleDeps,
  caller: Caller,
  input: CallRequest<'beat_battle_submit'>,
) {
  await summaryOf(deps, input.battleId);
  const upload = await deps.queries.upload(input.beatId);
  if (!upload) throw new DomainError('upload_pending', M.uploadPending, 409);
  if (upload.producer_id !== caller.userId) throw new DomainError('upload_not_found', M.uploadNotFound, 404);
  await runBattleCommand(deps, input.battleId, {
    type: 'SubmitEntry',
    data: {
      entryId: randomUUID(),
      producerId: caller.userId,
      producerName: caller.userName ?? '',
      producerEmail: caller.email ?? '',
      beatId: input.beatId,
      beatName: upload.name,
    },
  });
  return { message: `"${upload.name}" is in the battle. Good luck!`, beatName: upload.name };
}

export async function castVote(deps: BattleDeps, caller: Caller, input: CallRequest<'beat_battle_vote'>) {
  await runBattleCommand(deps, input.battleId, {
    type: 'CastVote',
    data: {
      winnerEntryId: input.winnerEntryId,
      loserEntryId: input.loserEntryId,
      voterId: caller.userId!,
      deviceId: caller.deviceId ?? null,
    },
  });
  return { message: M.voteCounted };
}

/** An admin ends the battle now: the winner is fixed at once, the workflow then announces it. */
export async function closeBattleNow(deps: BattleDeps, battleId: string, closedBy: string) {
  const { newEvents } = await runBattleCommand(deps, battleId, { type: 'CloseBattle', data: { closedBy } });
  if (newEvents.length === 0) throw new DomainError('already_closed', M.alreadyClosed, 409);
  await deps.lifecycle.closedByAdmin(battleId);
  return summaryOf(deps, battleId);
}
