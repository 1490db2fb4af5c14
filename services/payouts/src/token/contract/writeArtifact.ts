/** Compiles $BEAT and writes BeatToken.json: `npm run build:token -w services/payouts`. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileBeatToken } from './compileBeatToken';

writeFileSync(join(__dirname, 'BeatToken.json'), `${JSON.stringify(compileBeatToken(), null, 2)}\n`);
