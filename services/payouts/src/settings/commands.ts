import { aggregateStream, handleCommand, type EventStore } from '@beatmatch/platform';
import { payoutSettingsDecider, type PayoutSettingsCommand } from './businessLogic';
import { payoutSettingsStream, type PayoutSettings, type PayoutSettingsEvent } from './payoutSettings';

/** Runs one command on a producer's payout settings stream. */
export const runPayoutSettingsCommand = (
  store: EventStore,
  producerId: string,
  command: PayoutSettingsCommand,
) => handleCommand(store, payoutSettingsStream(producerId), payoutSettingsDecider, command);

export const loadPayoutSettings = async (store: EventStore, producerId: string): Promise<PayoutSettings> =>
  (
    await aggregateStream<PayoutSettings, PayoutSettingsEvent>(
      store,
      payoutSettingsStream(producerId),
      payoutSettingsDecider,
    )
  ).state;
