import { combine, formatSummary, summariseJest, summarisePlaywright, type Summary } from './testSummary.cjs';
import path from 'node:path';

const root = '/repo';
const jestReport = (suites: object[], counts: Partial<Record<string, number>> = {}) => ({
  numPassedTests: 0,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  ...counts,
  testResults: suites,
});
const pwTest = (project: string, status: string, results = 1, annotations: object[] = []) => ({
  projectName: project,
  status,
  annotations,
  results: Array.from({ length: results }, () => ({ status: 'passed' })),
});
const pwReport = (tests: { title: string; test: object }[], errors: object[] = []) => ({
  suites: [
    {
      file: 'a.journey.ts',
      specs: tests.map(({ title, test }) => ({ title, file: 'a.journey.ts', tests: [test] })),
    },
  ],
  errors,
});

describe('summariseJest', () => {
  it('counts passed, failed and skipped tests from the report', () => {
    const s = summariseJest(
      jestReport([], { numPassedTests: 5, numFailedTests: 2, numPendingTests: 1 }),
      1,
      [],
      root,
    );
    expect([s.passed, s.failed, s.skipped]).toEqual([5, 2, 1]);
  });

  it('fails when jest exits non-zero although no test failed, or wrote no report', () => {
    expect(summariseJest(jestReport([], { numPassedTests: 3 }), 1, [], root).failed).toBe(1);
    const none = summariseJest(undefined, 1, [], root);
    expect(none.failed).toBe(1);
    expect(none.problems[0]).toMatch(/no report/);
  });

  it('when jest dies without a report, counts the files that finished and names the one that was running', () => {
    const file = (name: string) => path.join(root, name);
    const s = summariseJest(undefined, 'SIGABRT', [], root, [
      { event: 'start', file: file('a.unit.spec.ts') },
      {
        event: 'end',
        file: file('a.unit.spec.ts'),
        passed: 4,
        failed: 1,
        skipped: 0,
        failures: ['a breaks'],
      },
      { event: 'start', file: file('b.int.spec.ts') },
    ]);
    expect([s.passed, s.failed]).toEqual([4, 2]);
    expect(s.problems).toEqual([
      'a.unit.spec.ts: a breaks',
      'jest exited with SIGABRT and wrote no report while running b.int.spec.ts (1 test files had finished)',
    ]);
  });

  it('fails a suite that could not run, naming it and its first message line', () => {
    const s = summariseJest(
      jestReport([
        {
          name: '/repo/a.int.spec.ts',
          status: 'failed',
          message: '\n  SyntaxError: x',
          assertionResults: [],
        },
      ]),
      1,
      [],
      root,
    );
    expect(s.failed).toBe(1);
    expect(s.problems).toEqual(['a.int.spec.ts: suite failed to run — SyntaxError: x']);
  });

  it('names each failed test with the first line of its message, colours taken out', () => {
    const s = summariseJest(
      jestReport(
        [
          {
            name: '/repo/apps/a.e2e.spec.ts',
            status: 'failed',
            assertionResults: [
              { status: 'passed', fullName: 'a works' },
              {
                status: 'failed',
                fullName: 'a restarts',
                failureMessages: ['\n\u001b[31mError: listen EADDRINUSE\u001b[39m\n    at Server.listen'],
              },
              { status: 'failed', title: 'a bare failure', failureMessages: [] },
            ],
          },
        ],
        { numPassedTests: 1, numFailedTests: 2 },
      ),
      1,
      [],
      root,
    );
    expect(s.failed).toBe(2);
    expect(s.problems).toEqual([
      'apps/a.e2e.spec.ts › a restarts — Error: listen EADDRINUSE',
      'apps/a.e2e.spec.ts › a bare failure',
    ]);
  });

  it('lists each skipped suite with the reasons recorded for it, or says none was given', () => {
    const s = summariseJest(
      jestReport(
        [
          {
            name: '/repo/esdb.int.spec.ts',
            status: 'passed',
            assertionResults: [{ status: 'pending' }, { status: 'pending' }],
          },
          { name: '/repo/other.unit.spec.ts', status: 'passed', assertionResults: [{ status: 'pending' }] },
          { name: '/repo/fine.unit.spec.ts', status: 'passed', assertionResults: [{ status: 'passed' }] },
        ],
        { numPendingTests: 3, numPassedTests: 1 },
      ),
      0,
      [{ testPath: '/repo/esdb.int.spec.ts', reason: 'EVENTSTORE_URL is not set — no server here' }],
      root,
    );
    expect(s.skips).toEqual([
      { suite: 'esdb.int.spec.ts', count: 2, reason: 'EVENTSTORE_URL is not set — no server here' },
      { suite: 'other.unit.spec.ts', count: 1, reason: 'no reason given' },
    ]);
    expect(s.failed).toBe(0);
  });
});

describe('summarisePlaywright', () => {
  it('counts journeys but not setup steps, and passes a clean run', () => {
    const s = summarisePlaywright(
      pwReport([
        { title: 'sign in', test: pwTest('setup', 'expected') },
        { title: 'journey 1', test: pwTest('journeys', 'expected') },
        { title: 'journey 2', test: pwTest('journeys', 'flaky', 2) },
      ]),
      0,
      3,
    );
    expect([s.passed, s.failed, s.skipped, s.problems]).toEqual([2, 0, 0, []]);
  });

  it('fails on a non-zero exit even when every reported test passed', () => {
    const s = summarisePlaywright(pwReport([{ title: 'j', test: pwTest('journeys', 'expected') }]), 1, 1);
    expect(s.failed).toBe(1);
    expect(s.problems[0]).toMatch(/exited with 1/);
  });

  it('fails on errors in the report (a web server that did not start)', () => {
    const s = summarisePlaywright(
      pwReport(
        [{ title: 'j', test: pwTest('journeys', 'expected') }],
        [{ message: 'Error: Process from config.webServer was not able to start. Exit code: 1' }],
      ),
      1,
      1,
    );
    expect(s.failed).toBeGreaterThanOrEqual(1);
    expect(s.problems.join('\n')).toMatch(/webServer was not able to start/);
  });

  it('fails when fewer tests ran than were listed, or the list failed', () => {
    const ran = pwReport([{ title: 'j', test: pwTest('journeys', 'expected') }]);
    const fewer = summarisePlaywright(ran, 0, 4);
    expect(fewer.failed).toBe(1);
    expect(fewer.problems).toEqual(['Playwright found 4 tests but ran 1']);
    expect(summarisePlaywright(ran, 0, undefined).failed).toBe(1);
  });

  it('fails an unexpected result, of a journey or of a setup step', () => {
    const s = summarisePlaywright(
      pwReport([
        { title: 'sign in', test: pwTest('setup', 'unexpected') },
        { title: 'j', test: pwTest('journeys', 'unexpected') },
      ]),
      1,
      2,
    );
    expect(s.failed).toBe(2);
    expect(s.passed).toBe(0);
  });

  it("names a failed journey's error: the first line of its last attempt's message and where it was", () => {
    const failed = {
      ...pwTest('journeys', 'unexpected'),
      results: [
        {
          status: 'failed',
          error: {
            message:
              '\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\n\nLocator: getByText(...)',
            location: { file: '/repo/e2e/a.journey.ts', line: 42, column: 7 },
          },
        },
      ],
    };
    const timedOut = {
      ...pwTest('journeys', 'unexpected'),
      results: [{ status: 'timedOut', errors: [{ message: 'Test timeout of 600000ms exceeded.' }] }],
    };
    const s = summarisePlaywright(
      pwReport([
        { title: 'j', test: failed },
        { title: 'k', test: timedOut },
      ]),
      1,
      2,
    );
    expect(s.problems).toEqual([
      'a.journey.ts › j: unexpected — Error: expect(locator).toBeVisible() failed (at a.journey.ts:42)',
      'a.journey.ts › k: unexpected — Test timeout of 600000ms exceeded.',
    ]);
  });

  it('reports a skipped journey with its annotation as the reason', () => {
    const s = summarisePlaywright(
      pwReport([
        {
          title: 'j',
          test: pwTest('journeys', 'skipped', 1, [{ type: 'skip', description: 'needs a GPU' }]),
        },
      ]),
      0,
      1,
    );
    expect(s.skipped).toBe(1);
    expect(s.failed).toBe(0);
    expect(s.skips).toEqual([{ suite: 'a.journey.ts › j', count: 1, reason: 'needs a GPU' }]);
  });
});

describe('formatSummary', () => {
  it('ends with exactly "N passed, N failed" and ", N skipped" only when some were', () => {
    const base: Summary = { passed: 3, failed: 0, skipped: 0, problems: [], skips: [] };
    expect(formatSummary(base).split('\n').at(-1)).toBe('3 passed, 0 failed');
    const all = combine(base, {
      passed: 1,
      failed: 1,
      skipped: 2,
      problems: ['Playwright found 2 tests but ran 1'],
      skips: [{ suite: 'x.int.spec.ts', count: 2, reason: 'EVENTSTORE_URL is not set' }],
    });
    expect(formatSummary(all).split('\n').slice(1)).toEqual([
      'SKIPPED x.int.spec.ts (2 tests): EVENTSTORE_URL is not set',
      'FAILED Playwright found 2 tests but ran 1',
      '4 passed, 1 failed, 2 skipped',
    ]);
  });
});
