import { createServiceApp, type InternalTokenVerifier, type Logger } from '@beatmatch/platform';

/**
 * Composition root of matchmaker. Its features come with later issues; until then it answers health and
 * readiness and refuses every other call that does not come signed from the gateway.
 */
export async function createMatchmakerService(options: { verifier: InternalTokenVerifier; logger: Logger }) {
  const { app, finalize } = createServiceApp({
    name: 'matchmaker',
    logger: options.logger,
    verifier: options.verifier,
  });
  finalize();
  return { app, start: () => undefined, stop: async () => undefined };
}
