import type { BackgroundWorker, Logger } from '@beatmatch/platform';
import type { PayoutPorts } from '../runs/pay';
import { settleSubmittedPayouts } from '../runs/settle';

/** Asks the fiat provider, every `everyMs`, how the submitted payouts went, and records it. */
export function settlementPoller(ports: PayoutPorts, logger: Logger, everyMs: number): BackgroundWorker {
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<unknown> = Promise.resolve();
  const poll = () => {
    polling = settleSubmittedPayouts(ports).catch((error: unknown) =>
      logger.warn({ err: error }, 'payout statuses could not be read'),
    );
  };
  return {
    start() {
      timer = setInterval(poll, everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await polling;
    },
  };
}
