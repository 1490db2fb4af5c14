/**
 * The documents port: a read-model repository keyed by id (ARCHITECTURE.md: catalog's document read
 * model). Embedded adapter: PostgreSQL JSONB through the SQL port; distributed adapter: MongoDB
 * through mongoose. Both honour the same contract (documents.int.spec.ts).
 */
export interface Document {
  id: string;
}

/** Scalar values a filter can match on. */
export type DocumentScalar = string | number | boolean;

/** Equality on top-level fields, all of them must match (an empty filter matches everything). */
export type DocumentFilter<T extends Document> = { [K in keyof T & string]?: Extract<T[K], DocumentScalar> };

export interface FindOptions<T extends Document> {
  /** Sort by one top-level field; ties are broken by id. Default: id ascending. */
  sortBy?: keyof T & string;
  descending?: boolean;
  limit?: number;
}

export interface DocumentRepository<T extends Document> {
  /** Inserts the document or replaces the stored one with the same id, whole. */
  upsert(document: T): Promise<void>;
  get(id: string): Promise<T | null>;
  find(filter?: DocumentFilter<T>, options?: FindOptions<T>): Promise<T[]>;
  /** True when a document was deleted. */
  delete(id: string): Promise<boolean>;
}

/** Collection names become table names in the JSONB adapter, so they are kept to safe identifiers. */
export function assertCollectionName(name: string): string {
  if (!/^[a-z][a-z0-9_]{0,50}$/.test(name)) throw new Error(`Invalid document collection name: ${name}`);
  return name;
}
