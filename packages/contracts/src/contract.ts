import { z } from 'zod';

/** One integration event's contract: its type, version and the zod schema of its payload. */
export interface EventContract<TType extends string = string, TPayload = unknown> {
  type: TType;
  version: number;
  payload: z.ZodType<TPayload>;
}

/** An ISO-8601 instant with offset, as every event's times are written. */
export const instant = z.string().datetime({ offset: true });

/** Declares a contract; list it in `integrationEventContracts` (events.ts) so the decoder knows it. */
export function contract<TType extends string, TSchema extends z.ZodType>(
  type: TType,
  version: number,
  payload: TSchema,
): EventContract<TType, z.infer<TSchema>> {
  return { type, version, payload: payload as z.ZodType<z.infer<TSchema>> };
}

/** The payload type of a contract. */
export type PayloadOf<C> = C extends EventContract<string, infer P> ? P : never;
