import type { BeatDna } from '@beatmatch/contracts';
import { defineAdminJob, type SqlDatabase } from '@beatmatch/platform';

/** The DNA tag lists Fill BeatTags keeps per beat (the ones the filters and searches use). */
const TAGGED_LISTS = ['genreTags', 'subgenreTags', 'moodTags', 'instrumentTags'] as const;

export interface BeatTagsDeps {
  db: SqlDatabase;
  schema: string;
  clock: () => Date;
  /** The DNA engine over a beat's stored audio (the upload workflow's analysis); null: the beat is gone. */
  analyseBeat: (beatId: string) => Promise<BeatDna | null>;
}

/**
 * fill_beat_tags: re-runs the DNA analysis over every published beat's stored audio and keeps its tags
 * in beat_tags. Each beat's tags and its done mark commit together, so a killed worker's job resumes
 * with the beats it had not tagged and no beat is tagged twice (beat_tagging counts it).
 */
export const fillBeatTags = (deps: BeatTagsDeps) =>
  defineAdminJob<object>({
    name: 'fill_beat_tags',
    async items() {
      const { rows } = await deps.db.query<{ beat_id: string }>(
        `SELECT beat_id FROM ${deps.schema}.beats WHERE status = 'published' AND NOT deleted`,
      );
      return rows.map((row) => row.beat_id);
    },
    async handle(beatId, { jobId }) {
      const dna = await deps.analyseBeat(beatId);
      if (!dna) return;
      const s = deps.schema;
      return async (tx) => {
        await tx.query(`DELETE FROM ${s}.beat_tags WHERE beat_id = $1`, [beatId]);
        for (const list of TAGGED_LISTS)
          for (const { tag, score } of dna[list])
            await tx.query(
              `INSERT INTO ${s}.beat_tags (beat_id, kind, tag, score) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
              [beatId, list, tag, score],
            );
        await tx.query(
          `INSERT INTO ${s}.beat_tagging (beat_id, job_id, tagged_at) VALUES ($1, $2, $3)
             ON CONFLICT (beat_id) DO UPDATE SET job_id = $2, tagged_at = $3,
               times_tagged = ${s}.beat_tagging.times_tagged + 1`,
          [beatId, jobId, deps.clock().toISOString()],
        );
      };
    },
    async result({ done }) {
      return `Tagged ${done} beat${done === 1 ? '' : 's'} from their DNA.`;
    },
  });
