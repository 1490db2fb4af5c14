/**
 * Discovery bench (issue 25): npm run bench:discovery [-- --beats 100000 --demo 60 --skip-gateway]
 *   [--similarity-only]
 * 1. similarity: rankSimilar over --beats synthetic beats, top 20, p95 on this thread (target ≤ 15 ms;
 *    an exact scan, so recall@20 is 1); the text ranker's 384-dimension scan over the same pool.
 * 2. quality: the labelled queries (./queries.ts) over the demo catalogue's beats (rendered and
 *    analysed by the DNA engine, cached in .cache/): nDCG@10 and precision@5, tuning and held-out halves
 *    (target held-out nDCG@10 ≥ 0.80); also with the sentence model switched off.
 * 3. gateway: a text query end to end through the gateway, p95 (target ≤ 50 ms). Needs DATABASE_URL
 *    (`eval "$(deploy/local/env)"`). Prints figures; not a test.
 */
import { loadavg } from 'node:os';
import { numberArg } from '@beatmatch/testing';
import { demoCatalogueDna } from './demoDna';
import { timeThroughGateway } from './gateway';
import { measureQuality } from './quality';
import { syntheticPool, timeSimilarity, timeTextScan } from './similarity';

const ms = (value: number) => value.toFixed(2);
const score = (value: number) => value.toFixed(3);

async function main() {
  const count = numberArg('beats', 100_000);
  const pool = syntheticPool(count);
  console.log(`load_average=${loadavg()[0]!.toFixed(1)} (2 cores, shared)`);
  const similarity = timeSimilarity(pool);
  console.log(
    `similarity beats=${count} top=20 p50_ms=${ms(similarity.p50)} p95_ms=${ms(similarity.p95)} cpu_p50_ms=${ms(similarity.cpuP50)} cpu_p95_ms=${ms(similarity.cpuP95)} first_pack_ms=${ms(similarity.firstPackMs)} recall20=1 (exact scan)`,
  );
  const text = timeTextScan(pool);
  console.log(
    `text_scan beats=${count} dims=384 p50_ms=${ms(text.p50)} p95_ms=${ms(text.p95)} cpu_p50_ms=${ms(text.cpuP50)} cpu_p95_ms=${ms(text.cpuP95)}`,
  );
  // --similarity-only: the scans alone, without rendering and analysing the demo catalogue.
  if (process.argv.includes('--similarity-only')) return;

  const demo = await demoCatalogueDna(numberArg('demo', 60));
  for (const useModel of [true, false]) {
    const quality = await measureQuality(demo, useModel);
    const label = useModel ? 'quality' : 'quality_without_model';
    console.log(
      `${label} beats=${demo.length} tuning_queries=${quality.tuning.queries} tuning_ndcg10=${score(quality.tuning.ndcg10)} tuning_p5=${score(quality.tuning.precision5)} heldout_queries=${quality.heldOut.queries} heldout_ndcg10=${score(quality.heldOut.ndcg10)} heldout_p5=${score(quality.heldOut.precision5)}`,
    );
    if (useModel)
      for (const worst of quality.worst)
        console.log(`  weakest: "${worst.text}" ndcg10=${score(worst.ndcg10)} top: ${worst.top.join(' | ')}`);
  }

  if (process.argv.includes('--skip-gateway') || !process.env.DATABASE_URL) {
    console.log('gateway skipped (no DATABASE_URL or --skip-gateway)');
    return;
  }
  const loadBefore = loadavg()[0]!;
  const gateway = await timeThroughGateway(demo);
  for (const [label, figures] of [
    ['first', gateway.first],
    ['repeated', gateway.repeated],
  ] as const)
    console.log(
      `text_query_through_gateway asked=${label} queries=${figures.queries} p50_ms=${ms(figures.p50)} p95_ms=${ms(figures.p95)} process_cpu_p50_ms=${ms(figures.cpuP50)} process_cpu_p95_ms=${ms(figures.cpuP95)} load_average=${loadBefore.toFixed(1)}`,
    );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
