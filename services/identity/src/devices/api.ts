import { Router } from 'express';
import { randomUUID } from 'node:crypto';
import { HEADERS } from '@beatmatch/contracts';
import { handleCommand, route, type EventStore } from '@beatmatch/platform';
import { deviceDecider, deviceStream } from './device';

export function devicesRouter(deps: { store: EventStore; clock: () => Date }): Router {
  const router = Router();
  router.post(
    '/devices',
    route(async (_req, res) => {
      const deviceId = randomUUID();
      await handleCommand(deps.store, deviceStream(deviceId), deviceDecider, {
        type: 'IssueDeviceId',
        data: { deviceId },
        metadata: { now: deps.clock() },
      });
      // The gateway turns this header into the browser's device cookie and strips it from the answer.
      res.setHeader(HEADERS.device, deviceId);
      res.json({ uuid: deviceId });
    }),
  );
  return router;
}
