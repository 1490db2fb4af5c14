// Builds frontends for `npm start` (scripts/start.mjs), kept apart so it can be tested on its own
// (scripts/frontendBuild.unit.spec.ts).
// rspack's native core has aborted mid-build now and then on the two-core CI machines (a panic: SIGABRT,
// exit 134 through npm's shell), and the same build then passed when run again. So a build that dies by a
// signal is run again, up to `attempts` times in all, saying so; a build that fails by itself (a compile
// error, exit 1) is not retried: it would fail the same way.
'use strict';
const { spawnSync } = require('node:child_process');

/** True when the process was killed by a signal, directly or as a shell reports it (128 + signal). */
function diedBySignal(result) {
  return Boolean(result.signal) || (typeof result.status === 'number' && result.status > 128);
}

/**
 * Runs `npm run build -w frontends/<name>` for each name in turn. Returns 0, or the exit code to stop with.
 * `commandFor(name)` gives another [command, args] (the spec's stand-in builds); `log` gets a line per retry;
 * `stdio` is the builds' (default: this process's).
 */
function buildFrontends(root, names, options = {}) {
  const attempts = options.attempts ?? 3;
  const log = options.log ?? ((line) => console.error(line));
  const commandFor = options.commandFor ?? ((name) => ['npm', ['run', 'build', '-w', `frontends/${name}`]]);
  for (const name of names) {
    for (let attempt = 1; ; attempt++) {
      const [command, args] = commandFor(name);
      const result = spawnSync(command, args, { cwd: root, stdio: options.stdio ?? 'inherit' });
      if (result.status === 0) break;
      const how = result.signal ? `signal ${result.signal}` : `exit ${result.status}`;
      if (!diedBySignal(result) || attempt >= attempts) {
        log(`Building frontends/${name} failed (${how}).`);
        return result.status || 1;
      }
      log(
        `Building frontends/${name} crashed (${how}); building it again (attempt ${attempt + 1} of ${attempts}).`,
      );
    }
  }
  return 0;
}

module.exports = { buildFrontends, diedBySignal };
