#!/usr/bin/env node
// `npm start`: the embedded profile. Builds the frontends when their sources are newer than the
// last build, then runs every service and the gateway in one process (scripts/embedded.ts).
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const { buildFrontends } = createRequire(import.meta.url)('./frontendBuild.cjs');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const frontends = ['shell', 'producer', 'artist'];

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

// Shared frontend code (the SDK, page lists, remote routing, rspack set-up) and the contracts the SDK
// and pages import are built into every app.
const sharedChanged = Math.max(
  newestMtime(path.join(root, 'frontends', 'common')),
  newestMtime(path.join(root, 'packages', 'contracts', 'src')),
);

function needsBuild(name) {
  const dir = path.join(root, 'frontends', name);
  if (!existsSync(path.join(dir, 'package.json'))) return false;
  const marker = path.join(dir, 'dist', name === 'shell' ? 'index.html' : 'mf-manifest.json');
  if (!existsSync(marker)) return true;
  // Each app builds from its own folder and the shared code only: the shell imports nothing of the
  // remotes (frontends/shell/src/boundaries.unit.spec.ts), whose page lists are in common.
  return Math.max(newestMtime(dir), sharedChanged) > statSync(marker).mtimeMs;
}

if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  console.log('Installing dependencies (npm ci)…');
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

const stale = process.env.SKIP_FRONTEND_BUILD ? [] : frontends.filter(needsBuild);
if (stale.length) {
  console.log(`Building frontends: ${stale.join(', ')}…`);
  // A build that crashes (rspack's native core aborting) is run again; one that fails is not.
  const status = buildFrontends(root, stale);
  if (status !== 0) process.exit(status);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'embedded.ts')], {
  cwd: root,
  stdio: 'inherit',
  // glibc otherwise keeps the large buffers of each DNA analysis in its heap after they are freed: a
  // 3-minute WAV's peak stays the process's size (477 MB after three files, 371 MB with this setting;
  // packages/audio/README.md). glibc reads it at process start, hence here.
  env: { MALLOC_MMAP_THRESHOLD_: '131072', ...process.env },
});
// Forward a stop signal once; the child stops gracefully (and ignores repeats, runtime/signals.ts).
// This launcher stays until the child has exited, so the shell prompt returns only after the stop.
let forwarded = false;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    if (forwarded) return;
    forwarded = true;
    child.kill(signal);
  });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
