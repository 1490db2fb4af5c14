import { listenOn } from '../http/listen';
import path from 'node:path';
import type { Server } from 'node:http';
import { z } from 'zod';
import { loadConfig } from '../config/config';
import { createLogger } from '../logging/logger';
import { stopTelemetry } from '../telemetry/telemetry';
import { importInternalPublicKey, InternalTokenVerifier } from '../auth/internalToken';
import { infrastructureConfigShape, InfrastructureSet } from './infrastructure';
import { loadServiceDefinition, parseServiceConfig, type ServiceDefinition } from './service';
import { onStopSignal } from './signals';

export type { Infrastructure, RunnableService, ServiceDefinition } from './service';

const runtimeShape = {
  ...infrastructureConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.string().url().default('http://127.0.0.1:8080'),
  /** PEM (SPKI) of the gateway's internal-token key. Required: services accept only gateway-signed calls. */
  INTERNAL_TOKEN_PUBLIC_KEY: z
    .string({ error: 'INTERNAL_TOKEN_PUBLIC_KEY is required (the gateway public key, PEM)' })
    .min(1),
};

/**
 * Runs one registered service as its own process (distributed profile): config from env, telemetry,
 * the adapters the env selects (runtime/infrastructure.ts), the HTTP server, and a graceful stop on
 * SIGTERM/SIGINT. A start that fails is logged as one line and ends the process with exit code 1 (its
 * supervisor starts it again), never as an unhandled rejection.
 */
export async function runService<Shape extends z.ZodRawShape>(
  serviceOrName: ServiceDefinition<Shape> | string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  try {
    await startService(serviceOrName, env);
  } catch (error) {
    const name = typeof serviceOrName === 'string' ? serviceOrName : serviceOrName.name;
    createLogger(name, env.LOG_LEVEL).fatal({ err: error }, `${name} failed to start`);
    process.exit(1);
  }
}

async function startService<Shape extends z.ZodRawShape>(
  serviceOrName: ServiceDefinition<Shape> | string,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const definition = (
    typeof serviceOrName === 'string' ? await loadServiceDefinition(serviceOrName) : serviceOrName
  ) as ServiceDefinition<Shape>;
  const { name } = definition;
  const base = loadConfig(runtimeShape, { PORT: String(definition.port), ...env });
  // Without DATABASE_URL (a single service run by hand) its PGlite and dev mailbox live in its own folder.
  const config = { ...base, DATA_DIR: path.join(base.DATA_DIR, name) };
  const own = parseServiceConfig(definition, env);
  const logger = createLogger(name, config.LOG_LEVEL);
  const verifier = new InternalTokenVerifier(await importInternalPublicKey(config.INTERNAL_TOKEN_PUBLIC_KEY));
  const infrastructure = InfrastructureSet.open({
    profile: 'distributed',
    config,
    logger,
    verifier,
    publicUrl: () => config.PUBLIC_URL,
    clientId: name,
    env,
  });
  const service = await definition.create(await infrastructure.forService(name, logger), own);

  const server: Server = await listenOn(service.app, config.PORT, config.HOST);
  await service.start();
  logger.info({ port: config.PORT, host: config.HOST }, `${name} listening`);

  onStopSignal(async (signal) => {
    logger.info({ signal }, `${name} stopping`);
    server.closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
    await service.stop();
    await infrastructure.close();
    await stopTelemetry();
    process.exit(0);
  });
}
