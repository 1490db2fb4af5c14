import { assertIdentifier } from '../sql/open';
import type { SqlDatabase } from '../sql/port';
import {
  assertCollectionName,
  type Document,
  type DocumentFilter,
  type DocumentRepository,
  type FindOptions,
} from './port';

/**
 * Read-model repository on PostgreSQL JSONB through the SQL port (embedded profile on PGlite, or a
 * PostgreSQL server). One table per collection: (id, doc jsonb); filters use JSONB containment
 * (`doc @> {...}`), served by a GIN index.
 */
export class JsonbDocumentRepository<T extends Document> implements DocumentRepository<T> {
  private readonly table: string;
  private ready: Promise<void> | undefined;

  constructor(
    private readonly db: SqlDatabase,
    collection: string,
    private readonly schema = 'public',
  ) {
    assertIdentifier(schema);
    this.table = `${schema}.documents_${assertCollectionName(collection)}`;
  }

  /** Creates the table and its index on first use (idempotent). */
  migrate(): Promise<void> {
    this.ready ??= this.db
      .exec(
        `CREATE SCHEMA IF NOT EXISTS ${this.schema};
         CREATE TABLE IF NOT EXISTS ${this.table} (
           id text PRIMARY KEY,
           doc jsonb NOT NULL,
           updated_at timestamptz NOT NULL DEFAULT now()
         );
         CREATE INDEX IF NOT EXISTS ${this.table.replace('.', '_')}_doc ON ${this.table} USING gin (doc jsonb_path_ops);`,
      )
      .catch((error: unknown) => {
        this.ready = undefined;
        throw error;
      });
    return this.ready;
  }

  async upsert(document: T): Promise<void> {
    await this.migrate();
    const { id, ...rest } = document;
    await this.db.query(
      `INSERT INTO ${this.table} (id, doc) VALUES ($1, $2::jsonb)
       ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc, updated_at = now()`,
      [id, JSON.stringify(rest)],
    );
  }

  async get(id: string): Promise<T | null> {
    await this.migrate();
    const { rows } = await this.db.query<{ id: string; doc: Record<string, unknown> }>(
      `SELECT id, doc FROM ${this.table} WHERE id = $1`,
      [id],
    );
    return rows[0] ? toDocument<T>(rows[0]) : null;
  }

  async find(filter: DocumentFilter<T> = {}, options: FindOptions<T> = {}): Promise<T[]> {
    await this.migrate();
    const { id, ...fields } = filter as Record<string, unknown>;
    const params: unknown[] = [JSON.stringify(fields)];
    let where = 'doc @> $1::jsonb';
    if (id !== undefined) {
      params.push(id);
      where += ` AND id = $${params.length}`;
    }
    const direction = options.descending ? 'DESC' : 'ASC';
    let orderBy = `id ${direction}`;
    if (options.sortBy && options.sortBy !== 'id') {
      params.push(options.sortBy);
      // jsonb ordering compares numbers as numbers and strings as strings, like MongoDB within a type.
      orderBy = `doc -> $${params.length} ${direction}, id ${direction}`;
    }
    let limit = '';
    if (options.limit !== undefined) {
      params.push(options.limit);
      limit = ` LIMIT $${params.length}`;
    }
    const { rows } = await this.db.query<{ id: string; doc: Record<string, unknown> }>(
      `SELECT id, doc FROM ${this.table} WHERE ${where} ORDER BY ${orderBy}${limit}`,
      params,
    );
    return rows.map((row) => toDocument<T>(row));
  }

  async delete(id: string): Promise<boolean> {
    await this.migrate();
    const { rowCount } = await this.db.query(`DELETE FROM ${this.table} WHERE id = $1`, [id]);
    return rowCount > 0;
  }
}

function toDocument<T extends Document>(row: { id: string; doc: Record<string, unknown> | string }): T {
  const doc = typeof row.doc === 'string' ? (JSON.parse(row.doc) as Record<string, unknown>) : row.doc;
  return { ...doc, id: row.id } as unknown as T;
}
