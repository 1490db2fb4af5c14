import { randomUUID } from 'node:crypto';
import { IDENTITY_TOPIC, sessionsRevokedV1Payload } from '@beatmatch/contracts';
import type { EventBus, Logger, Subscription } from '@beatmatch/platform';
import type { SessionResolver } from './session';

const gatewaySubscriptions = new WeakMap<object, Promise<Subscription>>();

/**
 * Drops the sessions identity revokes (logout, password reset: `identity.SessionsRevoked`) from this
 * gateway's session cache as soon as the event arrives.
 */
export function listenForRevocations(app: object, bus: EventBus, sessions: SessionResolver, logger: Logger) {
  // Its own group per gateway instance: every replica must see every revocation (not share them).
  const subscription = bus.subscribe({
    groupId: `gateway-sessions-${randomUUID()}`,
    topics: [IDENTITY_TOPIC],
    fromBeginning: false,
    handle: async (event) => {
      if (event.type !== 'identity.SessionsRevoked') return;
      const payload = sessionsRevokedV1Payload.safeParse(event.payload);
      if (payload.success) sessions.revoke(payload.data);
      else logger.warn({ eventId: event.id }, 'undecodable session revocation ignored');
    },
  });
  subscription.catch((error: unknown) => logger.error({ err: error }, 'revocation subscription failed'));
  gatewaySubscriptions.set(app, subscription);
}

/** Waits until the gateway listens for revocations (when given a bus), and stops listening. */
export const gatewayRevocations = {
  ready: async (app: object) => void (await gatewaySubscriptions.get(app)),
  stop: async (app: object) => (await gatewaySubscriptions.get(app))?.stop(),
};
