import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** scripts/lockfile-drift.mjs: the Docker build's check that `npm install` kept the committed lockfile. */
const script = path.join(__dirname, 'lockfile-drift.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'lockfile-drift-'));

const locked = {
  '': { name: 'beatmatch', workspaces: ['gateway'], devDependencies: { tsx: '^4.0.0' } },
  gateway: { name: '@beatmatch/gateway', version: '0.1.0', dependencies: { express: '^5.0.0' } },
  'node_modules/@beatmatch/gateway': { resolved: 'gateway', link: true },
  'node_modules/express': {
    version: '5.1.0',
    resolved: 'https://registry.npmjs.org/express/-/express-5.1.0.tgz',
    integrity: 'sha512-aaa',
  },
  'node_modules/@swc/core': { version: '1.16.22', integrity: 'sha512-bbb', dev: true },
};

function check(after: Record<string, object>) {
  const before = path.join(dir, 'before.json');
  const now = path.join(dir, 'after.json');
  writeFileSync(before, JSON.stringify({ lockfileVersion: 3, packages: locked }));
  writeFileSync(now, JSON.stringify({ lockfileVersion: 3, packages: after }));
  const run = spawnSync(process.execPath, [script, before, now], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('lockfile drift check', () => {
  it('passes when npm install kept every locked package', () => {
    expect(check(locked).status).toBe(0);
  });

  it('passes when npm install only added other platforms’ optional binaries (a registry that has them)', () => {
    const result = check({
      ...locked,
      'node_modules/@swc/core-darwin-arm64': {
        version: '1.16.22',
        integrity: 'sha512-ccc',
        optional: true,
        os: ['darwin'],
        cpu: ['arm64'],
      },
    });
    expect(result).toEqual({ status: 0, output: expect.stringContaining('every locked package kept') });
  });

  it('fails when a locked package moved to another version', () => {
    const result = check({
      ...locked,
      'node_modules/express': { ...locked['node_modules/express'], version: '5.2.0' },
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain('changed: node_modules/express version "5.1.0" → "5.2.0"');
  });

  it('fails when a dependency was added without its lockfile change', () => {
    const result = check({
      ...locked,
      gateway: { ...locked.gateway, dependencies: { express: '^5.0.0', helmet: '^8.0.0' } },
      'node_modules/helmet': { version: '8.1.0', integrity: 'sha512-ddd' },
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain('changed: gateway dependencies');
    expect(result.output).toContain('added: node_modules/helmet@8.1.0');
  });

  it('fails when an optional package without a platform was added, or a locked one removed', () => {
    const { ['node_modules/@swc/core']: _removed, ...rest } = locked;
    const result = check({ ...rest, 'node_modules/fsevents-ish': { version: '1.0.0', optional: true } });
    expect(result.status).toBe(1);
    expect(result.output).toContain('removed: node_modules/@swc/core');
    expect(result.output).toContain('added: node_modules/fsevents-ish@1.0.0');
  });
});
