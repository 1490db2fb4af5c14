import { Router } from 'express';
import { handleCall } from '@beatmatch/platform';
import type { DemoSeeding } from './seeding';

/**
 * beatmatch_demo_catalogue: how far the demo catalogue is on a first start, so the player says "The
 * demo catalogue is being prepared — N of 60 beats ready" rather than "No beat found!". Public: it
 * tells no one anything but a count of demo beats.
 */
export function demoRouter(demo: Pick<DemoSeeding, 'progress'>): Router {
  const router = Router();
  handleCall(router, 'beatmatch_demo_catalogue', async (_input, { res }) => {
    res.setHeader('Cache-Control', 'no-store');
    return demo.progress();
  });
  return router;
}
