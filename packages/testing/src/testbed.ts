import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createLogger,
  FilesystemBlobStore,
  generateInternalKeyPair,
  INTERNAL_TOKEN_HEADER,
  InternalTokenIssuer,
  InternalTokenVerifier,
  KafkaEventBus,
  openPostgres,
  type Caller,
  type Logger,
  type SqlDatabase,
} from '@beatmatch/platform';
import { requireEnv } from './env';

/**
 * What every service's real-server suite stands on: a PostgreSQL schema of its own (dropped at the
 * end), the internal token pair the gateway and the service share, a silent logger, and whatever the
 * suite opens on the way (Kafka clients, a blob directory, the service itself), closed in reverse.
 */
export interface ServiceTestbed {
  /** `<prefix>_<pid>_<time>`: unique per run, so suites never share tables. */
  readonly schema: string;
  readonly db: SqlDatabase;
  readonly logger: Logger;
  readonly issuer: InternalTokenIssuer;
  /** What the service checks the gateway's tokens with. */
  readonly verifier: InternalTokenVerifier;
  /** The internal-token header the gateway would send for this caller (a visitor by default). */
  headers(caller?: Caller): Promise<Record<string, string>>;
  /** A Kafka client on the local brokers, closed with the testbed. */
  kafka(clientId: string): KafkaEventBus;
  /** A fresh temporary directory, removed with the testbed. */
  tempDirectory(): Promise<string>;
  /** A filesystem blob store in a directory (a fresh temporary one unless given). */
  blobStore(root?: string): Promise<FilesystemBlobStore>;
  /** Runs at close, before anything registered earlier (so a service stops before its bus closes). */
  onClose(close: () => Promise<unknown> | unknown): void;
  /** Everything registered, newest first; then the schema is dropped and the database closed. */
  close(): Promise<void>;
}

export async function serviceTestbed(options: { schema: string; logger?: string }): Promise<ServiceTestbed> {
  const schema = `${options.schema}_${process.pid}_${Date.now()}`;
  const db = openPostgres(requireEnv('DATABASE_URL'));
  const logger = createLogger(options.logger ?? 'test', 'silent');
  const keys = await generateInternalKeyPair();
  const issuer = new InternalTokenIssuer(keys.privateKey);
  const closers: Array<() => Promise<unknown> | unknown> = [];
  const onClose = (close: () => Promise<unknown> | unknown) => void closers.push(close);
  const tempDirectory = async () => {
    const directory = await mkdtemp(path.join(tmpdir(), `${options.schema}-`));
    onClose(() => rm(directory, { recursive: true, force: true }));
    return directory;
  };
  return {
    schema,
    db,
    logger,
    issuer,
    verifier: new InternalTokenVerifier(keys.publicKey),
    headers: async (caller = {}) => ({ [INTERNAL_TOKEN_HEADER]: await issuer.issue(caller) }),
    kafka(clientId) {
      const bus = KafkaEventBus.fromBrokerList(requireEnv('KAFKA_BROKERS'), { clientId, logger });
      onClose(() => bus.close());
      return bus;
    },
    tempDirectory,
    async blobStore(root) {
      return new FilesystemBlobStore({
        root: root ?? (await tempDirectory()),
        secret: 's'.repeat(40),
        publicUrl: '/blobs',
      });
    },
    onClose,
    async close() {
      for (const close of closers.splice(0).reverse()) await close();
      await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await db.close();
    },
  };
}
