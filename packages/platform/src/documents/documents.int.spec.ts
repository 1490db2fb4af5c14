import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { requireEnv } from '@beatmatch/testing';
import { openPglite } from '../sql/pglite';
import { openPostgres } from '../sql/postgres';
import type { SqlDatabase } from '../sql/port';
import { JsonbDocumentRepository } from './jsonb';
import { MongooseDocumentRepository, openMongoConnection } from './mongoose';
import type { DocumentRepository } from './port';

/**
 * The documents contract, run on every adapter against a real server: mongoose on FerretDB (MONGO_URL),
 * JSONB on PostgreSQL (DATABASE_URL) and JSONB on embedded PGlite.
 */
interface BeatCard {
  id: string;
  title: string;
  producerId: string;
  bpm: number;
  published: boolean;
  tags: string[];
  price: { cents: number; currency: string };
}

interface Target {
  repository(collection: string): Promise<DocumentRepository<BeatCard>>;
  close(): Promise<void>;
}

const suffix = randomUUID().replace(/-/g, '').slice(0, 10);

const targets: Array<[string, () => Promise<Target>]> = [
  [
    'mongoose on FerretDB (MONGO_URL)',
    async () => {
      const url = requireEnv('MONGO_URL');
      const dbName = `documents_${suffix}`;
      const connection: Connection = await openMongoConnection(url, { dbName });
      return {
        repository: async (collection) =>
          new MongooseDocumentRepository<BeatCard>(connection, collection, { indexes: ['producerId'] }),
        close: async () => {
          await connection.dropDatabase();
          await connection.close();
        },
      };
    },
  ],
  [
    'JSONB on PostgreSQL (DATABASE_URL)',
    async () => {
      const db: SqlDatabase = openPostgres(requireEnv('DATABASE_URL'));
      const schema = `documents_${suffix}`;
      return {
        repository: async (collection) => {
          const repository = new JsonbDocumentRepository<BeatCard>(db, collection, schema);
          await repository.migrate();
          return repository;
        },
        close: async () => {
          await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          await db.close();
        },
      };
    },
  ],
  [
    'JSONB on PGlite (embedded)',
    async () => {
      const db = await openPglite();
      return {
        repository: async (collection) => new JsonbDocumentRepository<BeatCard>(db, collection),
        close: () => db.close(),
      };
    },
  ],
];

const beat = (id: string, overrides: Partial<BeatCard> = {}): BeatCard => ({
  id,
  title: `Beat ${id}`,
  producerId: 'producer-1',
  bpm: 90,
  published: true,
  tags: ['trap', 'dark'],
  price: { cents: 2999, currency: 'USD' },
  ...overrides,
});

describe.each(targets)('DocumentRepository: %s', (_name, open) => {
  let target: Target;
  let beats: DocumentRepository<BeatCard>;

  beforeAll(async () => {
    target = await open();
    beats = await target.repository('beat_cards');
  }, 60_000); // jest's per-project testTimeout does not reach hooks; PGlite starts slowly on a busy CI core
  afterAll(async () => {
    await target?.close();
  }, 60_000);

  it('returns null for a document that was never stored', async () => {
    await expect(beats.get('missing')).resolves.toBeNull();
  });

  it('stores a document and reads it back whole, nested values included', async () => {
    await beats.upsert(beat('b1'));
    await expect(beats.get('b1')).resolves.toEqual(beat('b1'));
  });

  it('replaces the whole document on upsert with the same id (no merge of old fields)', async () => {
    await beats.upsert(beat('b2', { title: 'First', tags: ['a'] }));
    const replaced = beat('b2', { title: 'Second', tags: [] });
    await beats.upsert(replaced);
    await expect(beats.get('b2')).resolves.toEqual(replaced);
    expect(await beats.find({ id: 'b2' })).toHaveLength(1);
  });

  it('finds by equality on several fields, sorted and limited', async () => {
    const all = await target.repository('find_cases');
    await all.upsert(beat('f1', { producerId: 'p-a', bpm: 140, published: true }));
    await all.upsert(beat('f2', { producerId: 'p-a', bpm: 85, published: false }));
    await all.upsert(beat('f3', { producerId: 'p-a', bpm: 100, published: true }));
    await all.upsert(beat('f4', { producerId: 'p-b', bpm: 120, published: true }));

    expect((await all.find({ producerId: 'p-a' })).map((b) => b.id)).toEqual(['f1', 'f2', 'f3']);
    expect((await all.find({ producerId: 'p-a', published: true })).map((b) => b.id)).toEqual(['f1', 'f3']);
    expect((await all.find({ bpm: 120 })).map((b) => b.id)).toEqual(['f4']);
    expect(await all.find({ producerId: 'nobody' })).toEqual([]);
    // Numbers sort as numbers (85 < 100 < 140), not as text.
    expect((await all.find({ producerId: 'p-a' }, { sortBy: 'bpm' })).map((b) => b.bpm)).toEqual([
      85, 100, 140,
    ]);
    expect((await all.find({}, { sortBy: 'bpm', descending: true, limit: 2 })).map((b) => b.id)).toEqual([
      'f1',
      'f4',
    ]);
    expect(await all.find()).toHaveLength(4);
  });

  it('deletes a document once and tells whether it existed', async () => {
    await beats.upsert(beat('d1'));
    await expect(beats.delete('d1')).resolves.toBe(true);
    await expect(beats.get('d1')).resolves.toBeNull();
    await expect(beats.delete('d1')).resolves.toBe(false);
  });

  it('keeps collections apart', async () => {
    const other = await target.repository('other_cards');
    await other.upsert(beat('shared-id', { title: 'other' }));
    await beats.upsert(beat('shared-id', { title: 'beats' }));
    expect((await other.get('shared-id'))?.title).toBe('other');
    expect((await beats.get('shared-id'))?.title).toBe('beats');
  });

  it('rejects a collection name that is not a safe identifier', async () => {
    await expect(target.repository('beats; drop table x')).rejects.toThrow(
      /Invalid document collection name/,
    );
  });
});
