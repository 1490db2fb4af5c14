import { FREE_PLAYS_PER_DAY, hasArtistPlan } from '@beatmatch/contracts';
import type { BeatPool } from '../beats/pool';

/** Plays a listener-day allows: no limit (null) with a paid artist plan, else the free plays (spec §9). */
export async function playLimit(pool: BeatPool, userId: string | undefined): Promise<number | null> {
  return hasArtistPlan(await pool.entitlements(userId)) ? null : FREE_PLAYS_PER_DAY;
}
