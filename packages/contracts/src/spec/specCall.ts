/**
 * One call of the specification's §7 tables, as the spec names it: `{product}` applied (`beatmatch`),
 * the method where the spec gives one, the payload fields it names, and where the project stands.
 */
export interface SpecCall {
  /** The call's name under /api/, product slug applied. */
  name: string;
  /** The spec's method; null where the spec says the method is not shown. */
  method: 'post' | 'get' | null;
  /**
   * The payload fields the spec names. `field?`: the spec names it but a request without it is
   * accepted (the device id comes from the device cookie when `uuid` is absent, a flag defaults, one
   * wallet address per producer needs no address to delete, an empty social user name clears it). null: "payloads not shown" (admin calls):
   * the project's fields are its own.
   */
  payload: readonly string[] | null;
  /** A multipart call's file field. */
  file?: string;
  /** served: declared in apiCalls and handled; planned: the open issue that builds it. */
  status: 'served' | { planned: number };
}

type Method = SpecCall['method'];

/** The admin calls' payloads: "Payloads and responses: not shown" (producer-side §7). */
export const NOT_SHOWN = null;

/** A call as the spec lists it; `planned` names the issue that builds it, absent when served. */
export const specCall = (
  name: string,
  method: Method,
  payload: readonly string[] | null = [],
  extra: { planned?: number; file?: string } = {},
): SpecCall => ({
  name,
  method,
  payload,
  ...(extra.file ? { file: extra.file } : {}),
  status: extra.planned ? { planned: extra.planned } : 'served',
});

/** The open issues that build the planned calls. */
export const PLANNED_BY = {
  payouts: 22,
  referrals: 23,
  producerWorkspace: 24,
  discovery: 25,
  admin: 26,
} as const;
