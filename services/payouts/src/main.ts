/** Payouts as its own process (distributed profile). */
import '@beatmatch/platform/src/telemetry/autostart';
import { runService } from '@beatmatch/platform';
import { createPayoutsService } from './index';

void runService('payouts', 4005, ({ verifier, logger }) => createPayoutsService({ verifier, logger }));
