import { handleCommand, type EventStore } from '@beatmatch/platform';
import { membershipPublication } from '../integration/publish';
import { membershipDecider, type MembershipCommand } from './businessLogic';
import { membershipStream } from './membership';

/** One membership command, published; whether it changed anything. */
export async function changeMembership(
  deps: { store: EventStore },
  userId: string,
  command: MembershipCommand,
): Promise<boolean> {
  const result = await handleCommand(deps.store, membershipStream(userId), membershipDecider, command, {
    publish: membershipPublication,
  });
  return result.newEvents.length > 0;
}
