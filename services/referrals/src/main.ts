/** Referrals as its own process (distributed profile). */
import '@beatmatch/platform/src/telemetry/autostart';
import { runService } from '@beatmatch/platform';
import { createReferralsService } from './index';

void runService('referrals', 4006, ({ verifier, logger }) => createReferralsService({ verifier, logger }));
