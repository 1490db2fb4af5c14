import mongoose, { Schema, type Connection, type Model } from 'mongoose';
import {
  assertCollectionName,
  type Document,
  type DocumentFilter,
  type DocumentRepository,
  type FindOptions,
} from './port';

/** Opens a mongoose connection of its own (not the global one), e.g. to MONGO_URL. */
export async function openMongoConnection(
  url: string,
  options: { dbName?: string } = {},
): Promise<Connection> {
  return mongoose
    .createConnection(url, { dbName: options.dbName, serverSelectionTimeoutMS: 5_000, autoIndex: true })
    .asPromise();
}

type Stored = { _id: string } & Record<string, unknown>;

/**
 * MongoDB read-model repository through mongoose. Documents are stored with `_id` = id and otherwise
 * as given (schemaless: each read model owns its shape in TypeScript).
 */
export class MongooseDocumentRepository<T extends Document> implements DocumentRepository<T> {
  private readonly model: Model<Stored>;

  constructor(
    connection: Connection,
    collection: string,
    options: { indexes?: Array<keyof T & string> } = {},
  ) {
    assertCollectionName(collection);
    const schema = new Schema<Stored>(
      { _id: { type: String, required: true } },
      { strict: false, versionKey: false, collection },
    );
    for (const field of options.indexes ?? []) schema.index({ [field]: 1 });
    this.model = connection.models[collection] ?? connection.model<Stored>(collection, schema);
  }

  async upsert(document: T): Promise<void> {
    const { id, ...rest } = document;
    await this.model.replaceOne({ _id: id }, rest, { upsert: true }).exec();
  }

  async get(id: string): Promise<T | null> {
    const stored = await this.model.findById(id).lean<Stored>().exec();
    return stored ? toDocument<T>(stored) : null;
  }

  async find(filter: DocumentFilter<T> = {}, options: FindOptions<T> = {}): Promise<T[]> {
    const direction = options.descending ? -1 : 1;
    const sort: Record<string, 1 | -1> =
      options.sortBy && options.sortBy !== 'id'
        ? { [options.sortBy]: direction, _id: direction }
        : { _id: direction };
    const { id, ...fields } = filter as Record<string, unknown>;
    const query = this.model.find(id === undefined ? fields : { ...fields, _id: id }).sort(sort);
    if (options.limit !== undefined) query.limit(options.limit);
    const stored = await query.lean<Stored[]>().exec();
    return stored.map((entry) => toDocument<T>(entry));
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: id }).exec();
    return result.deletedCount > 0;
  }
}

function toDocument<T extends Document>(stored: Stored): T {
  const { _id, ...rest } = stored;
  return { id: _id, ...rest } as unknown as T;
}
