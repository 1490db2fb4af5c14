/** Commerce as its own process (distributed profile). */
import '@beatmatch/platform/src/telemetry/autostart';
import { runService } from '@beatmatch/platform';
import { createCommerceService } from './index';

void runService('commerce', 4004, ({ verifier, logger }) => createCommerceService({ verifier, logger }));
