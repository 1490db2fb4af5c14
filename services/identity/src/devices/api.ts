import { Router } from 'express';
import { randomUUID } from 'node:crypto';
import { HEADERS } from '@beatmatch/contracts';
import { handleCall, handleCommand, type EventStore } from '@beatmatch/platform';
import { deviceDecider } from './businessLogic';
import { deviceStream } from './device';

/** beatmatch_exclude: issues a visitor's device id. */
export function devicesRouter(deps: { store: EventStore; clock: () => Date }): Router {
  const router = Router();
  handleCall(router, 'beatmatch_exclude', async (_input, { res }) => {
    const deviceId = randomUUID();
    await handleCommand(deps.store, deviceStream(deviceId), deviceDecider, {
      type: 'IssueDeviceId',
      data: { deviceId },
      metadata: { now: deps.clock() },
    });
    // The gateway turns this header into the browser's device cookie and strips it from the answer.
    res.setHeader(HEADERS.device, deviceId);
    return { uuid: deviceId };
  });
  return router;
}
