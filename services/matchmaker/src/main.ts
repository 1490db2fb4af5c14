/** Matchmaker as its own process (distributed profile). */
import '@beatmatch/platform/src/telemetry/autostart';
import { runService } from '@beatmatch/platform';
import { createMatchmakerService } from './index';

void runService('matchmaker', 4003, ({ verifier, logger }) => createMatchmakerService({ verifier, logger }));
