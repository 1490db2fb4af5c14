import type { Router } from 'express';
import { centsToDollars, dnaView, type ManagedBeat } from '@beatmatch/contracts';
import { handleCall, HttpProblem } from '@beatmatch/platform';
import { coverArtUrl } from '../beats/beat';
import type { CatalogApiDeps } from './deps';
import type { BeatRow } from '../beats/readModel';
import { callerId, ownBeat } from './guards';

const isPending = (row: BeatRow) => row.status === 'filesReceived' || row.status === 'analysing';

function managed(row: BeatRow): ManagedBeat {
  return {
    beatId: row.beatId,
    beatName: row.name,
    coverArtUrl: coverArtUrl(row.beatId, row.cover),
    firstDatePackagePrice: centsToDollars(row.prices.firstDate),
    secondPackagePrice: centsToDollars(row.prices.relationship),
    thirdPackagePrice: centsToDollars(row.prices.marriage),
    isPending: isPending(row),
    isPrivate: row.isPrivate,
    crate: row.crate,
    failedReason: row.status === 'failed' ? row.failureReason : null,
  };
}

/** Manage Beats (producer-side spec §3): the list, a beat's DNA, delete, and the totals. */
export function manageRoutes(router: Router, deps: CatalogApiDeps): void {
  handleCall(router, 'beatmatch_manage_beats', async (_input, { req, res }) => {
    const rows = await deps.queries.beatsOf(callerId(req));
    res.setHeader('Cache-Control', 'no-store');
    return {
      uploaded: rows.filter((row) => row.status === 'published').map(managed),
      pending: rows.filter(isPending).map(managed),
      failed: rows.filter((row) => row.status === 'failed').map(managed),
    };
  });

  handleCall(router, 'beatmatch_manage_beats_get_tags', async ({ beatId }, { req }) => {
    const beat = await ownBeat(deps.commands, req, beatId);
    if (!beat.dna)
      throw new HttpProblem(409, 'Performing DNA Test... The tags appear when it is done.', 'dna_pending');
    return { data: dnaView(beat.dna) };
  });

  handleCall(router, 'beatmatch_manage_beats_delete', async ({ beatId }, { req }) => {
    await ownBeat(deps.commands, req, beatId);
    // The files stay: buyers keep their downloads of a deleted beat.
    await deps.commands.deleteBeat(beatId);
    return { data: beatId };
  });

  handleCall(router, 'beatmatch_get_totals', async (_input, { req, res }) => {
    const rows = await deps.queries.beatsOf(callerId(req));
    const data = rows.map((row) => ({ beatId: row.beatId, ...row.stats }));
    const sum = (field: 'matches' | 'passes' | 'purchases') => data.reduce((n, row) => n + row[field], 0);
    res.setHeader('Cache-Control', 'no-store');
    return { data, matches: sum('matches'), passes: sum('passes'), purchases: sum('purchases') };
  });
}
