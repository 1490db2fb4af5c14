/**
 * The operator's view of the Kafka dead-letter topics: integration events a service refused (they
 * break their contract) and events whose handler gave up.
 *
 *   node --import tsx scripts/dead-letters.ts list              every parked message, by group
 *   node --import tsx scripts/dead-letters.ts replay <group>    send a group's parked messages back
 *
 * KAFKA_BROKERS (else deploy/local's) and KAFKA_TOPIC_PREFIX (when the services ran with one) say
 * which Kafka and which run.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { listDeadLetters, replayDeadLetters, type DeadLetterOptions } from '@beatmatch/platform';

function brokers(): string[] {
  let list = process.env.KAFKA_BROKERS;
  if (!list) {
    const printed = spawnSync('bash', [path.join(__dirname, '..', 'deploy', 'local', 'env')], {
      encoding: 'utf8',
    });
    list = /^export KAFKA_BROKERS=(.*)$/m.exec(printed.stdout ?? '')?.[1];
  }
  if (!list) throw new Error('Set KAFKA_BROKERS (or run deploy/local/up kafka)');
  return list.split(',').map((broker) => broker.trim());
}

async function main(argv: string[]): Promise<number> {
  const options: DeadLetterOptions = {
    brokers: brokers(),
    ...(process.env.KAFKA_TOPIC_PREFIX ? { topicPrefix: process.env.KAFKA_TOPIC_PREFIX } : {}),
  };
  const [command, group] = argv;
  if (command === 'list') {
    const parked = await listDeadLetters(options);
    for (const message of parked)
      console.log(
        [
          message.group,
          `${message.partition}@${message.offset}`,
          message.eventType,
          message.eventId,
          message.source,
          message.error?.replace(/\s+/g, ' '),
        ].join('\t'),
      );
    console.log(`${parked.length} parked message(s)`);
    return 0;
  }
  if (command === 'replay' && group) {
    console.log(`${await replayDeadLetters({ ...options, group })} message(s) of ${group} replayed`);
    return 0;
  }
  console.error('usage: dead-letters.ts list | replay <group>');
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
