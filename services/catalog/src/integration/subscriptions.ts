import {
  beatMatchedV1,
  beatPassedV1,
  beatPurchasedV1,
  COMMERCE_TOPIC,
  entitlementsChangedV1,
  MATCHMAKER_TOPIC,
  matchRemovedV1,
  uploadCap,
} from '@beatmatch/contracts';
import {
  on,
  subscribeToContracts,
  type EventBus,
  type Logger,
  type SqlDatabase,
  type SqlExecutor,
  type Subscription,
} from '@beatmatch/platform';
import { SqlEntitlements, type EntitlementsSource } from '../entitlements/projection';
import type { BeatCommands } from '../beats/commands';
import type { CatalogQueries } from '../beats/readModel';
import { cratesByCap } from '../entitlements/crates';

/**
 * The events the catalog takes from other services: commerce's entitlements (upload caps, crate) and
 * per-beat stats for Manage Beats (matchmaker's matches and passes, commerce's purchases).
 */
export function catalogHandlers(s: string, afterEntitlements: () => void) {
  const bump = (tx: SqlExecutor, beatId: string, column: 'matches' | 'passes' | 'purchases', by: number) =>
    tx.query(
      `INSERT INTO ${s}.beat_stats (beat_id, ${column}) VALUES ($1, GREATEST($2, 0))
       ON CONFLICT (beat_id) DO UPDATE SET ${column} = GREATEST(${s}.beat_stats.${column} + $2, 0)`,
      [beatId, by],
    );
  return [
    on(entitlementsChangedV1, async (event, tx) => {
      const { userId, changedAt, ...entitlements } = event.payload;
      await SqlEntitlements.record(tx, s, userId, entitlements, changedAt);
      // The crates change in the beat streams' own transactions, after this one commits.
      setTimeout(afterEntitlements, 0);
    }),
    on(beatMatchedV1, (event, tx) => bump(tx, event.payload.beatId, 'matches', 1).then(() => undefined)),
    on(matchRemovedV1, (event, tx) => bump(tx, event.payload.beatId, 'matches', -1).then(() => undefined)),
    on(beatPassedV1, (event, tx) => bump(tx, event.payload.beatId, 'passes', 1).then(() => undefined)),
    on(beatPurchasedV1, (event, tx) => bump(tx, event.payload.beatId, 'purchases', 1).then(() => undefined)),
  ];
}

export async function subscribe(options: {
  bus: EventBus;
  db: SqlDatabase;
  logger: Logger;
  schema: string;
  afterEntitlements: () => void;
  /** Consumer group and topics (tests use fresh ones). */
  consumer?: string;
  topics?: string[];
}): Promise<Subscription> {
  return subscribeToContracts({
    bus: options.bus,
    db: options.db,
    logger: options.logger,
    schema: options.schema,
    consumer: options.consumer ?? 'catalog.entitlements-and-stats',
    topics: options.topics ?? [COMMERCE_TOPIC, MATCHMAKER_TOPIC],
    handlers: catalogHandlers(options.schema, options.afterEntitlements),
  });
}

/**
 * Moves a producer's beats between the active and inactive crates when their plan changes: the newest
 * beats up to the plan's upload cap are active, older ones wait in the inactive crate until a plan
 * allows them again (`cratesByCap`; the rule is in the README). Drains `crate_sync`, written in the same
 * transaction as the entitlements; polled, and kicked after each EntitlementsChanged. Demo beats stay
 * active. Each change is one idempotent command (publishes catalog.BeatCrateChanged once).
 */
export class CrateSync {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly db: SqlDatabase,
    private readonly s: string,
    private readonly deps: {
      queries: CatalogQueries;
      commands: BeatCommands;
      entitlements: EntitlementsSource;
    },
    private readonly logger: Logger,
    private readonly pollMs = 5000,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Runs a drain now (or once more after the running one). Resolves when the queue was drained. */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.drain().catch((error: unknown) => this.logger.error({ err: error }, 'crate sync failed'));
      } while (this.again);
    })().finally(() => (this.running = undefined));
    return this.running;
  }

  private async drain(): Promise<void> {
    const { rows } = await this.db.query<{ user_id: string; queued_at: string }>(
      `SELECT user_id, queued_at::text AS queued_at FROM ${this.s}.crate_sync ORDER BY queued_at LIMIT 100`,
    );
    for (const { user_id: userId, queued_at: queuedAt } of rows) {
      const cap = uploadCap(await this.deps.entitlements.of(userId));
      for (const { beat, crate } of cratesByCap(await this.deps.queries.allBeatsOf(userId), cap)) {
        if (beat.crate !== crate) await this.deps.commands.changeCrate(beat.beatId, crate);
      }
      // A change queued meanwhile (newer queued_at) stays for the next drain.
      await this.db.query(`DELETE FROM ${this.s}.crate_sync WHERE user_id = $1 AND queued_at::text = $2`, [
        userId,
        queuedAt,
      ]);
    }
  }
}
