// A jest reporter for scripts/test.mjs: appends one line per test file as it starts and as it ends to
// the file named by BEATMATCH_JEST_PROGRESS. jest writes its --json report only when the whole run ends,
// so when the jest process itself dies (a signal, a fatal heap error) this file is what says how far it
// got, which file was running and what the finished files found. Written synchronously, so a line
// written is a line kept.
'use strict';
const { appendFileSync } = require('node:fs');

class ProgressReporter {
  constructor() {
    this.file = process.env.BEATMATCH_JEST_PROGRESS;
  }

  write(record) {
    if (this.file) appendFileSync(this.file, `${JSON.stringify(record)}\n`);
  }

  onTestFileStart(test) {
    this.write({ event: 'start', file: test.path });
  }

  onTestFileResult(test, result) {
    this.write({
      event: 'end',
      file: test.path,
      passed: result.numPassingTests,
      failed: result.numFailingTests + (result.testExecError ? 1 : 0),
      skipped: result.numPendingTests + result.numTodoTests,
      failures: result.testResults.filter((t) => t.status === 'failed').map((t) => t.fullName),
      heapMB: result.memoryUsage ? Math.round(result.memoryUsage / 2 ** 20) : undefined,
    });
  }

  getLastError() {
    return undefined;
  }
}

module.exports = ProgressReporter;
