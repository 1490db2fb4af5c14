#!/usr/bin/env node
// The lockfile-drift check of the Docker build (deploy/docker/Dockerfile), for an `npm install` where
// `npm ci` cannot be used:
//   cp package-lock.json /tmp/lock.before && npm install && node scripts/lockfile-drift.mjs /tmp/lock.before
// Why not `npm ci`: the registry our lockfile is written against answers 404 for the other
// platforms' optional binaries (@swc/core-darwin-arm64, @rspack/binding-win32-*, ...), so the
// lockfile cannot list them, and `npm ci` refuses it ("Missing: … from lock file"). `npm install`
// keeps every locked version; this check makes sure it did. Drift is: a locked package removed or at
// another version, resolved URL or integrity; a workspace's dependency list changed; or any package
// added that is not an optional, platform-specific binary. The one addition allowed — such a binary
// — is what `npm install` writes on a registry that has them (e.g. the public one), not a change of
// what we depend on. .ci/run checks strictly instead (`git diff` of the lockfile: its registry is ours).
import { readFileSync } from 'node:fs';

const [beforePath, afterPath = 'package-lock.json'] = process.argv.slice(2);
if (!beforePath) {
  console.error('usage: node scripts/lockfile-drift.mjs <lockfile before install> [<lockfile after>]');
  process.exit(2);
}
const read = (file) => JSON.parse(readFileSync(file, 'utf8')).packages ?? {};
const before = read(beforePath);
const after = read(afterPath);

/** What must not change: for an installed package its identity, for a workspace what it depends on. */
const LOCKED = ['version', 'resolved', 'integrity', 'link'];
const DECLARED = ['version', 'dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];
const isInstalled = (key) => key.startsWith('node_modules/') || key.includes('/node_modules/');
const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const drift = [];
for (const [key, entry] of Object.entries(before)) {
  const now = after[key];
  if (!now) {
    drift.push(`removed: ${key || '(root)'}`);
    continue;
  }
  for (const field of isInstalled(key) ? LOCKED : DECLARED)
    if (!same(entry[field], now[field]))
      drift.push(
        `changed: ${key || '(root)'} ${field} ${JSON.stringify(entry[field])} → ${JSON.stringify(now[field])}`,
      );
}
for (const [key, entry] of Object.entries(after)) {
  if (Object.hasOwn(before, key)) continue;
  const platformBinary = entry.optional === true && Boolean(entry.os || entry.cpu || entry.libc);
  if (!platformBinary) drift.push(`added: ${key}@${entry.version ?? '?'}`);
}

if (drift.length) {
  console.error(
    'package-lock.json drifted during npm install: run npm install and commit the lockfile with package.json',
  );
  for (const line of drift.slice(0, 30)) console.error(`  ${line}`);
  if (drift.length > 30) console.error(`  … and ${drift.length - 30} more`);
  process.exit(1);
}
console.log('package-lock.json: every locked package kept');
