// Text search quality on the demo catalogue: nDCG@10 and precision@5 of the labelled queries, on the
// tuning half and on the held-out half (./queries.ts).
import type { PoolBeat } from '../../services/matchmaker/src/beats/beat';
import { loadSentenceEncoder, searchByText, TextIndex } from '../../services/matchmaker/src/discovery/text';
import type { DemoBeatWithDna } from './demoDna';
import { poolBeatOf } from './demoPool';
import { QUERIES, relevance, type LabelledQuery } from './queries';

const dcg = (grades: number[]) =>
  grades.reduce((sum, grade, i) => sum + (2 ** grade - 1) / Math.log2(i + 2), 0);

export interface QualityFigures {
  queries: number;
  ndcg10: number;
  precision5: number;
}

export interface QualityRun {
  tuning: QualityFigures;
  heldOut: QualityFigures;
  /**
   * The tuning half's queries whose nDCG@10 was lowest, for reading: the half one may look into while
   * tuning (the held-out half is only ever measured).
   */
  worst: Array<{ text: string; ndcg10: number; top: string[] }>;
}

export async function measureQuality(demo: DemoBeatWithDna[], useModel = true): Promise<QualityRun> {
  const beats: PoolBeat[] = demo.map(poolBeatOf);
  const truth = new Map(demo.map((entry) => [entry.beat.beatId, entry]));
  const encoder = useModel ? await loadSentenceEncoder() : null;
  const index = new TextIndex({ embedInBackground: (texts) => encoder?.embed(texts) ?? Promise.resolve([]) });
  if (encoder) {
    index.index(beats);
    await index.settled();
  }
  const scored: Array<{
    n: number;
    query: LabelledQuery;
    ndcg10: number;
    precision5: number;
    top: string[];
  }> = [];
  for (const [n, query] of QUERIES.entries()) {
    const vector = encoder ? (await encoder.embed([query.text]))[0]! : null;
    const ranked = searchByText(beats, index, query.text, vector, 10);
    const grade = (beatId: string) => {
      const entry = truth.get(beatId)!;
      return relevance(query, entry.beat, entry.producer);
    };
    const grades = ranked.map((r) => grade(r.beat.beatId));
    const ideal = demo.map((entry) => relevance(query, entry.beat, entry.producer)).sort((a, b) => b - a);
    const ndcg10 = dcg(ideal.slice(0, 10)) ? dcg(grades) / dcg(ideal.slice(0, 10)) : 0;
    const precision5 = grades.slice(0, 5).filter((g) => g > 0).length / 5;
    scored.push({
      n,
      query,
      ndcg10,
      precision5,
      top: ranked.slice(0, 3).map((r) => `${r.beat.producerName}: ${r.beat.name}`),
    });
  }
  const figures = (part: typeof scored): QualityFigures => ({
    queries: part.length,
    ndcg10: part.reduce((s, x) => s + x.ndcg10, 0) / part.length,
    precision5: part.reduce((s, x) => s + x.precision5, 0) / part.length,
  });
  const tuning = scored.filter((x) => x.n % 2 === 0);
  return {
    tuning: figures(tuning),
    heldOut: figures(scored.filter((x) => x.n % 2 === 1)),
    worst: [...tuning]
      .sort((a, b) => a.ndcg10 - b.ndcg10)
      .slice(0, 8)
      .map((x) => ({ text: (x.query as LabelledQuery).text, ndcg10: x.ndcg10, top: x.top })),
  };
}
