import type { InlineProjection, RecordedEvent, SqlDatabase, SqlExecutor } from '@beatmatch/platform';
import type { SongEvent, SongSound, SongSource } from './song';

/**
 * The analysed songs' read model, written in the same transaction as their events: what the search
 * pages list (a caller's video tracks, My Sound songs) and the sound each search ranks beats against.
 */
export const analysedSongsSchema = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.analysed_songs (
    song_id text PRIMARY KEY,
    owner_id text NOT NULL,
    source text NOT NULL,
    title text NOT NULL,
    status text NOT NULL,
    reason text,
    sound jsonb,
    requested_at timestamptz NOT NULL
  );
  CREATE INDEX IF NOT EXISTS analysed_songs_owner
    ON ${s}.analysed_songs (owner_id, source, requested_at DESC);`;

export interface SongRow {
  songId: string;
  ownerId: string;
  source: SongSource;
  title: string;
  status: 'processing' | 'analysed' | 'failed';
  reason: string | null;
  sound: SongSound | null;
}

const SONG_EVENTS = ['SongRequested', 'SongAnalysed', 'SongFailed'] as const;

async function applySongEvent(tx: SqlExecutor, s: string, recorded: RecordedEvent): Promise<void> {
  const event = { type: recorded.type, data: recorded.data } as SongEvent;
  switch (event.type) {
    case 'SongRequested': {
      const { songId, ownerId, source, title, requestedAt } = event.data;
      await tx.query(
        `INSERT INTO ${s}.analysed_songs (song_id, owner_id, source, title, status, requested_at)
         VALUES ($1, $2, $3, $4, 'processing', $5) ON CONFLICT (song_id) DO NOTHING`,
        [songId, ownerId, source, title, requestedAt],
      );
      return;
    }
    case 'SongAnalysed':
      await tx.query(`UPDATE ${s}.analysed_songs SET status = 'analysed', sound = $2 WHERE song_id = $1`, [
        songIdOf(recorded.streamName),
        JSON.stringify(event.data.sound),
      ]);
      return;
    case 'SongFailed':
      await tx.query(`UPDATE ${s}.analysed_songs SET status = 'failed', reason = $2 WHERE song_id = $1`, [
        songIdOf(recorded.streamName),
        event.data.reason,
      ]);
  }
}

const songIdOf = (streamName: string) => streamName.slice(streamName.indexOf('-') + 1);

export const analysedSongsProjection = (s: string): InlineProjection => ({
  name: 'analysed-songs',
  handles: SONG_EVENTS,
  async apply(tx, events) {
    for (const recorded of events) await applySongEvent(tx, s, recorded);
  },
});

interface RawSongRow {
  song_id: string;
  owner_id: string;
  source: SongSource;
  title: string;
  status: SongRow['status'];
  reason: string | null;
  sound: SongSound | string | null;
}

const toSong = (row: RawSongRow): SongRow => ({
  songId: row.song_id,
  ownerId: row.owner_id,
  source: row.source,
  title: row.title,
  status: row.status,
  reason: row.reason,
  sound: typeof row.sound === 'string' ? (JSON.parse(row.sound) as SongSound) : row.sound,
});

/** Queries over the analysed songs. */
export class AnalysedSongs {
  constructor(
    private readonly db: SqlDatabase,
    private readonly s: string,
  ) {}

  async find(songId: string): Promise<SongRow | null> {
    const { rows } = await this.db.query<RawSongRow>(
      `SELECT * FROM ${this.s}.analysed_songs WHERE song_id = $1`,
      [songId],
    );
    return rows[0] ? toSong(rows[0]) : null;
  }

  /** An owner's songs of one source, newest first (the pages' lists). */
  async ofOwner(ownerId: string, source: SongSource, limit = 100): Promise<SongRow[]> {
    const { rows } = await this.db.query<RawSongRow>(
      `SELECT * FROM ${this.s}.analysed_songs WHERE owner_id = $1 AND source = $2
       ORDER BY requested_at DESC, song_id LIMIT $3`,
      [ownerId, source, limit],
    );
    return rows.map(toSong);
  }

  /** Songs whose audio is still to be fetched and analysed (re-started when the worker starts). */
  async processing(): Promise<SongRow[]> {
    const { rows } = await this.db.query<RawSongRow>(
      `SELECT * FROM ${this.s}.analysed_songs WHERE status = 'processing' AND source <> 'mySound'`,
    );
    return rows.map(toSong);
  }
}
