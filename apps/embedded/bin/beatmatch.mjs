#!/usr/bin/env node
// `npx beatmatch admin grant <email>`: runs apps/embedded/src/adminCli.ts (TypeScript, through tsx).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'adminCli.ts');
const run = spawnSync(process.execPath, ['--import', 'tsx', cli, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
