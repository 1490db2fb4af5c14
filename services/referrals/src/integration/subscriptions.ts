import { IDENTITY_TOPIC, userRegisteredV1 } from '@beatmatch/contracts';
import {
  handleCommand,
  on,
  subscribeToContracts,
  type EventBus,
  type EventStore,
  type Logger,
  type SqlDatabase,
  type SqlExecutor,
  type Subscription,
} from '@beatmatch/platform';
import { memberDecider } from '../referrals/businessLogic';
import { memberStream } from '../referrals/member';
import { ReferralQueries } from '../referrals/readModel';
import { newReferralCode, normalizedCode } from '../referrals/codes';
import { publishMemberEvents } from './publish';
import { recordMember } from '../ambassadors/readModel';

export interface RegistrationDeps {
  /** The event store inside the dedupe's transaction (code, attribution and the mark commit together). */
  storeIn: (tx: SqlExecutor) => EventStore;
  schema: string;
  clock: () => Date;
}

/**
 * A sign-up (`identity.UserRegistered`) gets the user's own code, and its `ref` (whatever the client
 * sent) is checked here: only an existing code of another, live account attributes the user, once.
 */
export function registrationHandlers(deps: RegistrationDeps) {
  return [
    on(userRegisteredV1, async (event, tx) => {
      const { userId, referralCode } = event.payload;
      await recordMember(tx, deps.schema, event.payload);
      const store = deps.storeIn(tx);
      const now = deps.clock();
      const stream = memberStream(userId);
      const issue = { type: 'issueCode', userId, code: newReferralCode(), now } as const;
      await handleCommand(store, stream, memberDecider, issue);
      if (!referralCode) return;
      const code = normalizedCode(referralCode);
      const owner = await new ReferralQueries(tx, deps.schema).ownerOf(code);
      await handleCommand(
        store,
        stream,
        memberDecider,
        { type: 'attribute', userId, code, owner, now },
        { publish: publishMemberEvents },
      );
    }),
  ];
}

export function subscribe(
  options: RegistrationDeps & {
    bus: EventBus;
    db: SqlDatabase;
    logger: Logger;
    /** Consumer group and topic (tests use fresh ones; identity's topic holds every test run's events). */
    consumer?: string;
    topic?: string;
  },
): Promise<Subscription> {
  return subscribeToContracts({
    bus: options.bus,
    db: options.db,
    logger: options.logger,
    schema: options.schema,
    consumer: options.consumer ?? 'referrals.registrations',
    topics: [options.topic ?? IDENTITY_TOPIC],
    handlers: registrationHandlers(options),
  });
}
