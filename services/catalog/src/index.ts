import { createServiceApp, defineService } from '@beatmatch/platform';

/**
 * Composition root of catalog, written with the service kit (packages/platform/src/runtime/service.ts):
 * its features come with later issues; until then it answers health and readiness and refuses every
 * other call that does not come signed from the gateway.
 */
export const service = defineService({
  name: 'catalog',
  async create({ logger, verifier, db }) {
    const { app, finalize } = createServiceApp({
      name: 'catalog',
      logger,
      verifier,
      readiness: [() => db.query('SELECT 1')],
    });
    finalize();
    return { app, start: () => undefined, stop: async () => undefined };
  },
});
