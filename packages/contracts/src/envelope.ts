import { z } from 'zod';

/**
 * The integration-event envelope (ARCHITECTURE.md, rule 3). Integration events are contracts between
 * services and are versioned; they are kept apart from each service's internal domain events.
 */
export interface IntegrationEvent<TType extends string = string, TPayload = unknown> {
  /** Unique id; consumers dedupe on it. */
  id: string;
  type: TType;
  version: number;
  /** ISO-8601 instant. */
  occurredAt: string;
  payload: TPayload;
}

export const integrationEventEnvelopeSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.string().datetime({ offset: true }),
  payload: z.unknown(),
});

/** Builds an envelope with a fresh id; `occurredAt` comes from the caller's clock (pure code passes time in). */
export function integrationEvent<E extends IntegrationEvent>(
  type: E['type'],
  version: number,
  payload: E['payload'],
  occurredAt: Date,
  id: string = crypto.randomUUID(),
): E {
  return { id, type, version, occurredAt: occurredAt.toISOString(), payload } as E;
}
