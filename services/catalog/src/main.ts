/** Catalog as its own process (distributed profile). */
import '@beatmatch/platform/telemetry/autostart';
import { runService } from '@beatmatch/platform';
import { service } from './index';

void runService(service);
