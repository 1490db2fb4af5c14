import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  addPlayRequestSchema,
  addToMatchListRequestSchema,
  beatPlayRequestSchema,
  FREE_PLAYS_PER_DAY,
  FREE_VIEWABLE_MATCHES,
  getLyricsRequestSchema,
  hasArtistPlan,
  listenerRequestSchema,
  loadBeatParamRequestSchema,
  MATCHMAKER_MESSAGES,
  MATCHMAKER_TOPIC,
  matchListRemoveRequestSchema,
  saveLyricsRequestSchema,
  type BeatPrices,
  type LyricsResponse,
  type MatchListEntry,
  type MatchListResponse,
  type PlayerBeat,
  type PlayHistoryResponse,
} from '@beatmatch/contracts';
import {
  aggregateStream,
  ConcurrencyError,
  DomainError,
  handleCommand,
  HttpProblem,
  parseInput,
  requireUser,
  route,
  sendProblem,
  type BlobStore,
  type EventStore,
  type PublicHandler,
  type SqlDatabase,
} from '@beatmatch/platform';
import {
  BEAT_COLUMNS,
  isPlayable,
  toPoolBeat,
  type BeatPool,
  type BeatRow,
  type PoolBeat,
} from '../beats/pool';
import {
  deviceListener,
  listenerDay,
  listenerDecider,
  listenerStream,
  toIntegrationEvents,
  userListener,
  type ListenerCommand,
  type ListenerEvent,
  type ListenerId,
  type ListenerState,
} from '../listeners/listener';
import { describe, type Filters, type Selector } from '../listeners/selection';
import type { SnippetCache } from './snippets';

export interface MatchmakerDeps {
  db: SqlDatabase;
  schema: string;
  store: EventStore;
  pool: BeatPool;
  selector: Selector;
  blobs: () => Promise<BlobStore>;
  clock: () => Date;
  /** The snippets listeners play, held in memory (./snippets.ts). */
  snippets: SnippetCache;
}

/** The snippet route's `?beatId=` (built once: a zod schema costs more to build than to run). */
const snippetBeatId = z
  .string({ error: MATCHMAKER_MESSAGES.beatRequired })
  .min(1, MATCHMAKER_MESSAGES.beatRequired)
  .max(100, MATCHMAKER_MESSAGES.beatNotFound);

/** A beat of the pool, or the spec's 404 (also when `playable` and it may not be played). */
async function findBeat(pool: BeatPool, beatId: string, playable = true): Promise<PoolBeat> {
  const beat = await pool.get(beatId);
  if (!beat || (playable && !isPlayable(beat)))
    throw new HttpProblem(404, MATCHMAKER_MESSAGES.beatNotFound, 'beat_not_found');
  return beat;
}

/**
 * GET/HEAD of a playable beat's snippet: `beatId` checked, the beat looked up (whether it may be played
 * is checked on every request), then its bytes, from memory after the first play (README, "Snippets").
 */
function snippetAnswer(deps: Pick<MatchmakerDeps, 'pool' | 'snippets'>) {
  return async (req: IncomingMessage, res: ServerResponse, beatId: unknown) => {
    const id = snippetBeatId.parse(typeof beatId === 'string' ? beatId : undefined);
    const beat = await findBeat(deps.pool, id);
    await deps.snippets.serve(req, res, beat.snippetKey!);
  };
}

/**
 * The matchmaker's caller-free routes as plain Node handlers (`PublicHandler`), for the embedded
 * gateway's public lane: the snippet, answered exactly as the Express route below answers it.
 */
export function matchmakerPublicRoutes(
  deps: Pick<MatchmakerDeps, 'pool' | 'snippets'>,
): Readonly<Record<string, PublicHandler>> {
  const answerSnippet = snippetAnswer(deps);
  return {
    '/player/snippet': async (req, res) => {
      try {
        // As Express reads `?beatId=`: one value is a string; none or several are not.
        const url = req.url ?? '';
        const query = url.indexOf('?');
        const values = query === -1 ? [] : new URLSearchParams(url.slice(query + 1)).getAll('beatId');
        await answerSnippet(req, res, values.length === 1 ? values[0] : undefined);
      } catch (error) {
        sendProblem(req, res, error);
      }
    },
  };
}

/** The snippet's URL as the player loads it (the gateway's public GET route). */
export const snippetUrl = (beatId: string) =>
  `/api/beatmatch_beat_play_snippet?beatId=${encodeURIComponent(beatId)}`;

const dollars = (cents: number | null) => (cents === null ? '-' : (cents / 100).toFixed(2));
const DEVICE_ID = /^[A-Za-z0-9-]{1,64}$/;

export function playerBeat(beat: PoolBeat, why: string): PlayerBeat {
  return {
    beatId: beat.beatId,
    beatName: beat.name,
    producer: beat.producerName,
    userId: beat.producerId,
    coverArtUrl: beat.coverArtUrl,
    audioSrc: snippetUrl(beat.beatId),
    why,
  };
}

function entry(beat: PoolBeat, at: Date | string): MatchListEntry {
  const prices: BeatPrices = beat.prices;
  return {
    beatId: beat.beatId,
    beatName: beat.name,
    producer: beat.producerName,
    producerName: beat.producerName,
    userId: beat.producerId,
    coverArtUrl: beat.coverArtUrl,
    audioSrc: snippetUrl(beat.beatId),
    firstDatePackage: dollars(prices.firstDate),
    relationshipPackage: dollars(prices.relationship),
    marriagePackage: dollars(prices.marriage),
    available: isPlayable(beat),
    unavailableReason: beat.deleted
      ? 'This beat was removed by its producer.'
      : beat.isPrivate || beat.snippetKey === null
        ? 'This beat is private now.'
        : null,
    at: new Date(at).toISOString(),
  };
}

/** The swipe player, Match List, Play History and lyrics (artist-side spec §4, §7). */
export function matchmakerRouter(deps: MatchmakerDeps): Router {
  const router = Router();
  const s = deps.schema;

  const states = new ListenerStates();
  const run = async (listener: ListenerId, command: ListenerCommand) => {
    // Another path appends to the stream: the player's copy of its state is dropped, not patched.
    states.forget(listenerStream(listener));
    return handleCommand(deps.store, listenerStream(listener), listenerDecider, command, {
      publish: {
        topic: MATCHMAKER_TOPIC,
        map: (events, _state, stream) => toIntegrationEvents(events, stream),
      },
    });
  };

  /**
   * The listener of a call, from what the gateway vouches for (never from the body): the signed-in
   * user (the device this browser holds hands its activity over to them), or the visitor's device — the
   * uuid issued to this browser, from the gateway's signed device cookie (`caller.deviceId`). The body's
   * `uuid` (the spec's call shape) is validated but chooses nothing: another listener's uuid reads and
   * changes only the caller's own listener (README, "Listeners, visitors and sign-in").
   */
  async function listenerOf(req: Request) {
    const userId = req.caller?.userId;
    const device = req.caller?.deviceId && DEVICE_ID.test(req.caller.deviceId) ? req.caller.deviceId : null;
    if (userId) {
      if (device) await takeOver(device, userId);
      return { listener: userListener(userId), userId };
    }
    if (!device) throw new HttpProblem(400, MATCHMAKER_MESSAGES.uuidRequired, 'uuid_required');
    return { listener: deviceListener(device), userId: undefined };
  }

  async function takeOver(deviceId: string, userId: string) {
    const device = deviceListener(deviceId);
    const { state } = await aggregateStream(deps.store, listenerStream(device), listenerDecider);
    if (!state.active) return;
    const at = deps.clock();
    await run(userListener(userId), { type: 'Merge', deviceId, device: state, at });
    await run(device, { type: 'HandOver', userId, at });
  }

  const beatOr404 = (beatId: string, playable = true) => findBeat(deps.pool, beatId, playable);

  async function playLimit(userId: string | undefined): Promise<number | null> {
    return hasArtistPlan(await deps.pool.entitlements(userId)) ? null : FREE_PLAYS_PER_DAY;
  }

  /** Refuses before choosing a beat when the listener's day is used up. */
  async function checkLimit(listener: ListenerId, limit: number | null, day: string) {
    if (limit === null) return;
    const { state } = await aggregateStream(deps.store, listenerStream(listener), listenerDecider);
    if ((state.days[day] ?? 0) >= limit)
      throw new DomainError('overlimit_plays', MATCHMAKER_MESSAGES.overlimit, 429);
  }

  async function serve(
    listener: ListenerId,
    userId: string | undefined,
    beat: PoolBeat,
    timeZone?: string | null,
  ) {
    const at = deps.clock();
    await run(listener, {
      type: 'Serve',
      beat: { beatId: beat.beatId, producerId: beat.producerId },
      day: listenerDay(at, timeZone),
      limit: await playLimit(userId),
      at,
    });
  }

  /**
   * `_beat_play`: the listener's state (this process's copy from its last call, else one read of the
   * stream), the choice over the in-memory pool, then the choice (if any) and the served beat in one
   * append at the state's version — a copy that is behind (another replica or path appended) fails that
   * append, and the call is decided again on a fresh read; an answer that appends nothing (over the
   * limit, no beat) is only given from a fresh read. Over the day's limit, the choice is still recorded
   * and the answer is 'overlimit plays'.
   */
  router.post(
    '/player/next',
    route(async (req, res) => {
      const body = parseInput(beatPlayRequestSchema, req.body);
      const { listener, userId } = await listenerOf(req);
      let chosen: PoolBeat | undefined;
      if (body.choiceType) {
        if (!body.beatId) throw new HttpProblem(400, MATCHMAKER_MESSAGES.beatRequired, 'validation');
        chosen = await beatOr404(body.beatId, false);
      }
      const choiceType = body.choiceType;
      const limit = await playLimit(userId);
      const filters: Filters = { genre: body.genre, musicalKey: body.musicalKey, tempo: body.tempo };
      const stream = listenerStream(listener);
      for (let attempt = 1; ; attempt++) {
        let known = states.get(stream);
        let fresh = false;
        if (!known) {
          const { events, currentVersion } = await deps.store.readStream<ListenerEvent>(stream);
          const folded = events.reduce(
            (current, recorded) =>
              listenerDecider.evolve(current, { type: recorded.type, data: recorded.data } as ListenerEvent),
            listenerDecider.initialState(),
          );
          known = { state: folded, version: currentVersion };
          fresh = true;
        }
        const { state, version: currentVersion } = known;
        const at = deps.clock();
        const day = listenerDay(at, body.timeZone);
        const choice =
          chosen && choiceType
            ? (listenerDecider.decide(
                {
                  type: 'Choose',
                  beat: { beatId: chosen.beatId, producerId: chosen.producerId },
                  choice: choiceType,
                  at,
                },
                state,
              ) as ListenerEvent[])
            : [];
        const append = async (newEvents: ListenerEvent[]) => {
          const { nextExpectedVersion } = await deps.store.appendToStream(stream, newEvents, {
            expectedVersion: currentVersion,
            outbox: { topic: MATCHMAKER_TOPIC, messages: toIntegrationEvents(newEvents, stream) },
          });
          states.set(stream, {
            state: newEvents.reduce(listenerDecider.evolve, state),
            version: nextExpectedVersion,
          });
        };
        try {
          const overLimit = limit !== null && (state.days[day] ?? 0) >= limit;
          const pick = overLimit
            ? null
            : await deps.selector.next(
                state,
                filters,
                chosen && choiceType ? { beat: chosen, choice: choiceType } : undefined,
              );
          if (!pick && !fresh) {
            // Nothing may be appended to check the copy against: decide again on the stream itself.
            states.forget(stream);
            attempt--;
            continue;
          }
          if (!pick) {
            await append(choice);
            if (overLimit) throw new DomainError('overlimit_plays', MATCHMAKER_MESSAGES.overlimit, 429);
            res.json({ message: MATCHMAKER_MESSAGES.noBeat });
            return;
          }
          const served = listenerDecider.decide(
            {
              type: 'Serve',
              beat: { beatId: pick.beat.beatId, producerId: pick.beat.producerId },
              day,
              limit,
              at,
            },
            choice.reduce(listenerDecider.evolve, state),
          ) as ListenerEvent[];
          await append([...choice, ...served]);
          res.json(playerBeat(pick.beat, pick.why));
          return;
        } catch (error) {
          if (error instanceof ConcurrencyError) {
            states.forget(stream);
            if (attempt < 4) continue;
          }
          throw error;
        }
      }
    }),
  );

  router.post(
    '/player/beat',
    route(async (req, res) => {
      const body = parseInput(loadBeatParamRequestSchema, req.body);
      const { listener, userId } = await listenerOf(req);
      const beat = await beatOr404(body.beatId);
      await checkLimit(listener, await playLimit(userId), listenerDay(deps.clock(), body.timeZone));
      await serve(listener, userId, beat, body.timeZone);
      res.json(playerBeat(beat, `the beat you opened: ${describe(beat)}`));
    }),
  );

  const answerSnippet = snippetAnswer(deps);
  const snippet = route((req, res) => answerSnippet(req, res, req.query.beatId));
  router.get('/player/snippet', snippet);
  router.head('/player/snippet', snippet);

  router.post(
    '/player/total',
    route(async (_req, res) => {
      res.json({ beats: await deps.pool.playableCount() });
    }),
  );

  router.post(
    '/plays',
    route(async (req, res) => {
      const body = parseInput(addPlayRequestSchema, req.body);
      const beatId = body.beatId ?? beatIdOfAudioSrc(body.audioSrc);
      if (!beatId) throw new HttpProblem(400, MATCHMAKER_MESSAGES.audioSrc, 'validation');
      const beat = await beatOr404(beatId);
      const { listener } = await listenerOf(req);
      const { newEvents } = await run(listener, {
        type: 'Replay',
        beat: { beatId: beat.beatId, producerId: beat.producerId },
        at: deps.clock(),
      });
      res.json({ played: newEvents.length > 0 });
    }),
  );

  async function matches(listener: ListenerId, limit: number | null) {
    const { rows } = await deps.db.query<BeatRow & { matched_at: Date }>(
      `SELECT ${BEAT_COLUMNS}, lb.matched_at FROM ${s}.listener_beats lb JOIN ${s}.beats b ON b.beat_id = lb.beat_id
        WHERE lb.listener_id = $1 AND lb.matched_at IS NOT NULL
        ORDER BY lb.matched_at DESC, b.beat_id ${limit === null ? '' : `LIMIT ${limit}`}`,
      [listener],
    );
    return rows.map((row) => entry(toPoolBeat(row), row.matched_at));
  }
  async function matchCount(listener: ListenerId) {
    const { rows } = await deps.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${s}.listener_beats WHERE listener_id = $1 AND matched_at IS NOT NULL`,
      [listener],
    );
    return Number(rows[0]?.n ?? 0);
  }

  router.post(
    '/matches/count',
    route(async (req, res) => {
      parseInput(listenerRequestSchema, req.body);
      const { listener } = await listenerOf(req);
      res.json({ matches: await matchCount(listener) });
    }),
  );

  router.post(
    '/matches',
    route(async (req, res) => {
      parseInput(listenerRequestSchema, req.body);
      const { listener, userId } = await listenerOf(req);
      const activeSubscription = hasArtistPlan(await deps.pool.entitlements(userId));
      const answer: MatchListResponse = {
        beat: await matches(listener, activeSubscription ? null : FREE_VIEWABLE_MATCHES),
        activeSubscription,
        total: await matchCount(listener),
      };
      res.json(answer);
    }),
  );

  router.post(
    '/matches/remove',
    route(async (req, res) => {
      const body = parseInput(matchListRemoveRequestSchema, req.body);
      const { listener } = await listenerOf(req);
      await run(listener, { type: 'RemoveMatch', beatId: body.beatId, at: deps.clock() });
      res.json({ removed: true, matches: await matchCount(listener) });
    }),
  );

  router.post(
    '/matches/add',
    route(async (req, res) => {
      const body = parseInput(addToMatchListRequestSchema, req.body);
      const { listener } = await listenerOf(req);
      const beat = await beatOr404(body.beatId);
      await run(listener, {
        type: 'Choose',
        beat: { beatId: beat.beatId, producerId: beat.producerId },
        choice: 'match',
        strict: true,
        at: deps.clock(),
      });
      res.json({ message: MATCHMAKER_MESSAGES.addedToMatchList });
    }),
  );

  router.post(
    '/history',
    requireUser,
    route(async (req, res) => {
      parseInput(listenerRequestSchema, req.body);
      const { listener, userId } = await listenerOf(req);
      if (!hasArtistPlan(await deps.pool.entitlements(userId)))
        throw new HttpProblem(403, MATCHMAKER_MESSAGES.noAccess, 'no_access');
      const { rows } = await deps.db.query<BeatRow & { passed_at: Date }>(
        `SELECT ${BEAT_COLUMNS}, lb.passed_at FROM ${s}.listener_beats lb JOIN ${s}.beats b ON b.beat_id = lb.beat_id
          WHERE lb.listener_id = $1 AND lb.passed_at IS NOT NULL AND lb.matched_at IS NULL
          ORDER BY lb.passed_at DESC, b.beat_id LIMIT 500`,
        [listener],
      );
      const answer: PlayHistoryResponse = { beats: rows.map((row) => entry(toPoolBeat(row), row.passed_at)) };
      res.json(answer);
    }),
  );

  router.post(
    '/lyrics/get',
    route(async (req, res) => {
      const body = parseInput(getLyricsRequestSchema, req.body);
      await beatOr404(body.beatId, false);
      const userId = req.caller?.userId;
      if (!userId) {
        res.json({ lyrics: '', signIn: true } satisfies LyricsResponse);
        return;
      }
      const { rows } = await deps.db.query<{ lyrics: string }>(
        `SELECT lyrics FROM ${s}.lyrics WHERE listener_id = $1 AND beat_id = $2`,
        [userListener(userId), body.beatId],
      );
      res.json({ lyrics: rows[0]?.lyrics ?? '', signIn: false } satisfies LyricsResponse);
    }),
  );

  router.post(
    '/lyrics/save',
    requireUser,
    route(async (req, res) => {
      const body = parseInput(saveLyricsRequestSchema, req.body);
      const { listener } = await listenerOf(req);
      await beatOr404(body.beatId, false);
      await run(listener, { type: 'SaveLyrics', beatId: body.beatId, lyrics: body.lyrics, at: deps.clock() });
      res.json({ lyrics: body.lyrics, signIn: false } satisfies LyricsResponse);
    }),
  );

  return router;
}

/**
 * The player's copy of listeners' states (folded stream + version) after its own appends, so the next
 * call of a listener does not read the stream again. A copy is only a guess: the append at its version
 * fails when the stream moved on (another replica, another path), and the call reads the stream then.
 * The least recently used listeners are dropped past `max`.
 */
export class ListenerStates {
  private readonly states = new Map<string, { state: ListenerState; version: number }>();

  constructor(private readonly max = 10_000) {}

  get(stream: string) {
    const known = this.states.get(stream);
    if (known) {
      this.states.delete(stream);
      this.states.set(stream, known);
    }
    return known;
  }

  set(stream: string, known: { state: ListenerState; version: number }) {
    this.states.delete(stream);
    this.states.set(stream, known);
    if (this.states.size > this.max) this.states.delete(this.states.keys().next().value!);
  }

  forget(stream: string) {
    this.states.delete(stream);
  }
}

/** The beat an `add_play` audioSrc names (…_beat_play_snippet?beatId=…). */
function beatIdOfAudioSrc(audioSrc: string | null | undefined): string | null {
  if (!audioSrc) return null;
  try {
    const beatId = new URL(audioSrc, 'http://player.invalid').searchParams.get('beatId');
    return beatId && beatId.length <= 100 ? beatId : null;
  } catch {
    return null;
  }
}
