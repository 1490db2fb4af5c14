import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildFrontends, diedBySignal } from './frontendBuild.cjs';

// Stand-in builds are real processes: one that aborts (SIGABRT, as rspack's native panic does) for its
// first `crashes` runs, counted in a file, then exits with `finally`; run directly or through a shell.
function standIn(crashes: number, exitAfter = 0, viaShell = false) {
  const dir = mkdtempSync(path.join(tmpdir(), 'frontend-build-'));
  const counter = path.join(dir, 'runs');
  writeFileSync(counter, '0');
  const script = `
    const fs = require('node:fs');
    const runs = Number(fs.readFileSync(${JSON.stringify(counter)}, 'utf8')) + 1;
    fs.writeFileSync(${JSON.stringify(counter)}, String(runs));
    if (runs <= ${crashes}) process.abort();
    process.exit(${exitAfter});`;
  const scriptFile = path.join(dir, 'build.js');
  writeFileSync(scriptFile, script);
  const commandFor = (): [string, string[]] =>
    viaShell ? ['sh', ['-c', `"${process.execPath}" "${scriptFile}"`]] : [process.execPath, [scriptFile]];
  return { commandFor, runs: () => Number(readFileSync(counter, 'utf8')) };
}

describe('buildFrontends', () => {
  // The stand-ins' abort reports (a C++ stack each) would only clutter the test output.
  const stdio = 'ignore' as const;
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);
  beforeEach(() => (lines.length = 0));

  it('builds again a build killed by a signal, and succeeds when a later attempt does', () => {
    const build = standIn(1);
    expect(buildFrontends(tmpdir(), ['producer'], { commandFor: build.commandFor, log, stdio })).toBe(0);
    expect(build.runs()).toBe(2);
    expect(lines).toEqual([
      'Building frontends/producer crashed (signal SIGABRT); building it again (attempt 2 of 3).',
    ]);
  });

  it('reads a shell exit of 134 (npm run reporting an aborted rspack) as a crash too', () => {
    const build = standIn(2, 0, true);
    expect(buildFrontends(tmpdir(), ['artist'], { commandFor: build.commandFor, log, stdio })).toBe(0);
    expect(build.runs()).toBe(3);
    expect(lines[0]).toBe(
      'Building frontends/artist crashed (exit 134); building it again (attempt 2 of 3).',
    );
  });

  it('gives up after the last attempt with a non-zero code', () => {
    const build = standIn(5, 0, true);
    expect(
      buildFrontends(tmpdir(), ['shell'], { commandFor: build.commandFor, log, stdio, attempts: 2 }),
    ).toBe(134);
    expect(build.runs()).toBe(2);
    expect(lines.at(-1)).toBe('Building frontends/shell failed (exit 134).');
  });

  it('does not retry a build that failed by itself (a compile error), and builds nothing after it', () => {
    const build = standIn(0, 1);
    expect(
      buildFrontends(tmpdir(), ['shell', 'producer'], { commandFor: build.commandFor, log, stdio }),
    ).toBe(1);
    expect(build.runs()).toBe(1);
    expect(lines).toEqual(['Building frontends/shell failed (exit 1).']);
  });

  it('builds each frontend named, in turn', () => {
    const build = standIn(0);
    expect(
      buildFrontends(tmpdir(), ['shell', 'producer', 'artist'], { commandFor: build.commandFor, log, stdio }),
    ).toBe(0);
    expect(build.runs()).toBe(3);
    expect(lines).toEqual([]);
  });
});

describe('diedBySignal', () => {
  it('is true for a signal or a shell-reported signal exit, false for ordinary exits', () => {
    expect(diedBySignal({ status: null, signal: 'SIGABRT' })).toBe(true);
    expect(diedBySignal({ status: 134, signal: null })).toBe(true);
    expect(diedBySignal({ status: 1, signal: null })).toBe(false);
    expect(diedBySignal({ status: 0, signal: null })).toBe(false);
  });
});
