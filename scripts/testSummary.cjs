// The runner's arithmetic (scripts/test.mjs), kept apart so that it can be tested on its own
// (scripts/testSummary.unit.spec.ts) and against real Playwright runs (scripts/testRunner.int.spec.ts).
// Rule: a stage counts as failed whenever its tool exited non-zero, reported an error outside a test,
// or ran fewer tests than it found — whatever its report says about the tests that did run.
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync, mkdtempSync, readFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

/** Reads a JSON report, or undefined when the tool wrote none (or half of one). */
function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A file of one JSON object a line (skip reasons, jest's progress); a torn last line is left out. */
function readJsonLines(file) {
  if (!file || !existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .flatMap((line) => {
      try {
        return [JSON.parse(line)];
      } catch {
        return [];
      }
    });
}

/** Terminal colours out of a message (Playwright's and jest's messages carry them). */
const ANSI = /\u001b\[[0-9;]*m/g;

/** The first non-blank line of a failure message, without colours, cut to 300 characters. */
function firstLine(message) {
  const line = String(message ?? '')
    .replace(ANSI, '')
    .split('\n')
    .find((l) => l.trim());
  if (!line) return '';
  const trimmed = line.trim();
  return trimmed.length > 300 ? `${trimmed.slice(0, 299)}…` : trimmed;
}

/**
 * jest died before writing its report (`status` is then its exit code or the signal that ended it):
 * the files that finished still count, from scripts/jestProgress.cjs's lines, and the problem names
 * the file that was running when it died — the first thing to look at.
 */
function summariseUnfinishedJest(status, progress, root) {
  const result = { passed: 0, failed: 1, skipped: 0, problems: [], skips: [] };
  const ended = new Set();
  for (const record of progress.filter((r) => r.event === 'end')) {
    ended.add(record.file);
    result.passed += record.passed ?? 0;
    result.failed += record.failed ?? 0;
    result.skipped += record.skipped ?? 0;
    for (const name of record.failures ?? [])
      result.problems.push(`${path.relative(root, record.file)}: ${name}`);
  }
  const running = progress.filter((r) => r.event === 'start' && !ended.has(r.file)).map((r) => r.file);
  const where = running.length
    ? ` while running ${running.map((file) => path.relative(root, file)).join(', ')}`
    : '';
  result.problems.push(
    `jest exited with ${status} and wrote no report${where} (${ended.size} test files had finished)`,
  );
  return result;
}

/**
 * jest's --json report plus its exit status → counts, problems and the skipped suites with reasons.
 * `reasons` are {testPath, reason} records; a skipped suite without one is printed as "no reason given".
 */
function summariseJest(report, status, reasons = [], root = process.cwd(), progress = []) {
  const result = { passed: 0, failed: 0, skipped: 0, problems: [], skips: [] };
  if (!report) return summariseUnfinishedJest(status, progress, root);
  result.passed += report.numPassedTests;
  result.failed += report.numFailedTests;
  result.skipped += report.numPendingTests + report.numTodoTests;
  for (const suite of report.testResults ?? []) {
    const file = path.relative(root, suite.name);
    const tests = suite.assertionResults ?? [];
    // A suite that failed to load (compile error, throw at top level) has no test results.
    if (suite.status === 'failed' && !tests.some((t) => t.status === 'failed')) {
      result.failed += 1;
      const first = firstLine(suite.message);
      result.problems.push(`${file}: suite failed to run${first ? ` — ${first}` : ''}`);
    }
    // Each failed test by name with its message's first line: CI's log may keep only the closing lines.
    for (const test of tests.filter((t) => t.status === 'failed')) {
      const why = firstLine((test.failureMessages ?? [])[0]);
      result.problems.push(`${file} › ${test.fullName ?? test.title}${why ? ` — ${why}` : ''}`);
    }
    const pending = tests.filter((t) => t.status === 'pending' || t.status === 'todo').length;
    if (pending > 0) {
      const why = reasons
        .filter((r) => r.testPath && path.resolve(root, r.testPath) === path.resolve(suite.name))
        .map((r) => r.reason);
      result.skips.push({
        suite: file,
        count: pending,
        reason: why.length ? [...new Set(why)].join('; ') : 'no reason given',
      });
    }
  }
  if (status !== 0 && result.failed === 0) {
    result.failed += 1;
    result.problems.push(`jest exited with ${status} although no test failed`);
  }
  return result;
}

/** Every test of a Playwright JSON report (suites nest), with its project and file. */
function playwrightTests(report) {
  const tests = [];
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        tests.push({ title: spec.title, file: spec.file ?? here, project: test.projectName, test });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file);
  return tests;
}

/** Why a Playwright test failed, from its last attempt: " — <first line> (at file:line)", or "". */
function playwrightWhy(test) {
  const last = (test.results ?? []).at(-1);
  const error = last?.error ?? (last?.errors ?? [])[0];
  if (!error) return last?.status && last.status !== 'failed' ? ` — ${last.status}` : '';
  const why = firstLine(error.message ?? error.value);
  const at = error.location ? ` (at ${path.basename(error.location.file)}:${error.location.line})` : '';
  return why || at ? ` — ${why}${at}` : '';
}

/**
 * A Playwright run: its JSON report, exit status, and the number of tests `playwright test --list`
 * found. Tests of `setupProjects` (sign-in steps) are not counted in the totals, but their failure
 * fails the run.
 */
function summarisePlaywright(report, status, listed, setupProjects = ['setup']) {
  const result = { passed: 0, failed: 0, skipped: 0, problems: [], skips: [] };
  if (!report) {
    result.failed += 1;
    result.problems.push(`Playwright exited with ${status} and wrote no report`);
    return result;
  }
  let ran = 0;
  for (const { title, file, project, test } of playwrightTests(report)) {
    const setup = setupProjects.includes(project);
    const didRun = (test.results ?? []).length > 0;
    if (test.status === 'skipped' || !didRun) {
      if (!setup) result.skipped += 1;
      const reason = (test.annotations ?? []).find((a) => a.type === 'skip')?.description;
      if (didRun || reason) {
        result.skips.push({ suite: `${file} › ${title}`, count: 1, reason: reason ?? 'no reason given' });
      }
    } else if (test.status === 'expected' || test.status === 'flaky') {
      ran += 1;
      if (!setup) result.passed += 1;
    } else {
      ran += 1;
      result.failed += 1;
      result.problems.push(
        `${file} › ${title}${setup ? ' (setup)' : ''}: ${test.status}${playwrightWhy(test)}`,
      );
    }
  }
  for (const error of report.errors ?? []) {
    result.failed += 1;
    const message = firstLine(error.message ?? error.value ?? JSON.stringify(error));
    result.problems.push(`Playwright error: ${message}`);
  }
  if (typeof listed === 'number') {
    const seen = ran + result.skips.length;
    if (seen < listed) {
      result.failed += 1;
      result.problems.push(`Playwright found ${listed} tests but ran ${seen}`);
    }
  } else {
    result.failed += 1;
    result.problems.push('Playwright could not list its tests');
  }
  if (status !== 0 && result.failed === 0) {
    result.failed += 1;
    result.problems.push(`Playwright exited with ${status} although no test failed`);
  }
  return result;
}

/** Sums stage summaries. */
function combine(...summaries) {
  return summaries.reduce(
    (all, s) => ({
      passed: all.passed + s.passed,
      failed: all.failed + s.failed,
      skipped: all.skipped + s.skipped,
      problems: [...all.problems, ...s.problems],
      skips: [...all.skips, ...s.skips],
    }),
    { passed: 0, failed: 0, skipped: 0, problems: [], skips: [] },
  );
}

/** The closing lines: skips with reasons, problems, then exactly "N passed, N failed[, N skipped]". */
function formatSummary(summary) {
  const lines = [''];
  for (const skip of summary.skips) {
    lines.push(`SKIPPED ${skip.suite} (${skip.count} test${skip.count === 1 ? '' : 's'}): ${skip.reason}`);
  }
  for (const problem of summary.problems) lines.push(`FAILED ${problem}`);
  lines.push(
    `${summary.passed} passed, ${summary.failed} failed${summary.skipped ? `, ${summary.skipped} skipped` : ''}`,
  );
  return lines.join('\n');
}

/**
 * Runs Playwright with `config` (list first, then the run with list+json reporters) and summarises it.
 * `listedOut` receives the list output; stdio of the run is inherited unless `quiet`.
 */
function runPlaywright({ root, config, env = process.env, quiet = false }) {
  const cli = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');
  const out = mkdtempSync(path.join(tmpdir(), 'beatmatch-pw-'));
  const listJson = path.join(out, 'list.json');
  const list = spawnSync(process.execPath, [cli, 'test', '-c', config, '--list', '--reporter=json'], {
    cwd: root,
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: listJson },
    encoding: 'utf8',
  });
  const listReport = readJson(listJson);
  let listed;
  const listProblems = [];
  if (list.status === 0 && listReport && !(listReport.errors ?? []).length) {
    listed = playwrightTests(listReport).length;
  } else {
    for (const error of listReport?.errors ?? []) {
      listProblems.push(`Playwright list: ${firstLine(error.message)}`);
    }
  }
  const runJson = path.join(out, 'run.json');
  const run = spawnSync(process.execPath, [cli, 'test', '-c', config, '--reporter=list,json'], {
    cwd: root,
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: runJson },
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  const summary = summarisePlaywright(readJson(runJson), run.status, listed);
  summary.problems.unshift(...listProblems);
  return summary;
}

module.exports = {
  readJson,
  readJsonLines,
  summariseJest,
  summarisePlaywright,
  playwrightTests,
  combine,
  formatSummary,
  runPlaywright,
};
