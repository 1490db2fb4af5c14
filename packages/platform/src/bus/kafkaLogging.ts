import { logLevel as KafkaLogLevel, type logCreator } from 'kafkajs';
import type { Logger } from '../logging/logger';

/**
 * The producer's retries are bounded on purpose (see the constructor), so kafkajs's warning about it is
 * expected and not passed on.
 */
const expectedWarnings = [/^Limiting retries for the idempotent producer/];
// kafkajs exports its levels as a plain object (no reverse mapping at run time).
const levelNames: Record<number, string> = { 1: 'ERROR', 2: 'WARN', 4: 'INFO', 5: 'DEBUG' };

/** kafkajs logs into pino (child `component: kafkajs`), or onto the console like kafkajs's own logger. */
export function createLogCreator(logger: Logger | undefined): logCreator {
  const child = logger?.child({ component: 'kafkajs' });
  return (enabledLevel) =>
    ({ namespace, level: reportedLevel, log }) => {
      const { message, timestamp: _timestamp, logger: _logger, ...extra } = log;
      if (expectedWarnings.some((pattern) => pattern.test(message))) return;
      // A heartbeat answered "rebalancing" is how every member learns of a rebalance: routine, not an error.
      // So is the handler we abandon on stop() (the event stays uncommitted for the group).
      const routine =
        /rebalanc/i.test(String(extra.error ?? '')) ||
        (extra.error as Error | undefined)?.name === 'SubscriptionStopping';
      const level = routine ? KafkaLogLevel.DEBUG : reportedLevel;
      if (level > enabledLevel) return;
      if (!child) {
        const line = JSON.stringify({
          level: levelNames[level] ?? String(level),
          logger: 'kafkajs',
          namespace,
          message,
          ...extra,
        });
        if (level === KafkaLogLevel.ERROR) console.error(line);
        else if (level === KafkaLogLevel.WARN) console.warn(line);
        else console.log(line);
        return;
      }
      const fields = { namespace, ...extra };
      if (level === KafkaLogLevel.ERROR) child.error(fields, message);
      else if (level === KafkaLogLevel.WARN) child.warn(fields, message);
      else if (level === KafkaLogLevel.INFO) child.info(fields, message);
      else child.debug(fields, message);
    };
}

export const kafkaLogLevels = {
  error: KafkaLogLevel.ERROR,
  warn: KafkaLogLevel.WARN,
  info: KafkaLogLevel.INFO,
  debug: KafkaLogLevel.DEBUG,
} as const;
