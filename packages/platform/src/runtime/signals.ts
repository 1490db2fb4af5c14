/**
 * Runs `stop` once on the first SIGINT or SIGTERM and keeps the process alive through any later one.
 *
 * Ctrl-C in a terminal signals the whole foreground process group, and a parent that forwards signals
 * (scripts/start.mjs) sends one more: with `process.once` the second SIGINT hit Node's default handler
 * and killed the process mid-stop, leaving the data directory's pid lock behind. Handlers stay
 * installed until the process exits; a stop that fails still ends the process.
 */
export function onStopSignal(
  stop: (signal: NodeJS.Signals) => Promise<void>,
  target: Pick<NodeJS.Process, 'on' | 'exit'> = process,
  log: (message: string) => void = (message) => process.stderr.write(`${message}\n`),
): void {
  let stopping: Promise<void> | undefined;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} received again: already stopping, please wait`);
      return;
    }
    stopping = stop(signal).catch((error: unknown) => {
      log(`stopping failed: ${(error as Error).stack ?? String(error)}`);
      target.exit(1);
    });
  };
  target.on('SIGINT', handle);
  target.on('SIGTERM', handle);
}
