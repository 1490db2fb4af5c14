import type { z } from 'zod';
import type { RegisteredServiceName } from '../services';
import { isBytesAnswer, type BytesAnswer, type CallDeclaration } from './call';
import { identityCalls } from './identity';
import { catalogCalls } from './catalog';
import { matchmakerCalls } from './matchmaker';
import { commerceCalls } from './commerce';
import { payoutsCalls } from './payouts';
import { referralsCalls } from './referrals';

export * from './call';
export * from './jsonSchema';
export * from './adminRoles';
export * from './discoveryReference';
export * from './discovery';
export * from './battles';
export * from './admin';
export { API_PREFIX, callTransport, callUrl, type CallTransport } from './transport';
export {
  PAYOUT_SPLIT,
  PAYOUT_STATUSES,
  TOKEN_PAYOUTS_NOT_CONFIGURED,
  WALLET_ADDRESS_MESSAGES,
  payoutAddressAnswer,
} from './payouts';

/** Every API call of the product, by its spec name (`{product}` = beatmatch): `/api/<name>`. */
export const apiCalls = {
  ...identityCalls,
  ...catalogCalls,
  ...matchmakerCalls,
  ...commerceCalls,
  ...payoutsCalls,
  ...referralsCalls,
} as const satisfies Record<string, CallDeclaration>;

export type ApiCalls = typeof apiCalls;
export type CallName = keyof ApiCalls;

type RequestOf<D> = D extends { request: infer R extends z.ZodType } ? z.input<R> : undefined;
type AnswerOf<D> = D extends { answer: infer A }
  ? A extends BytesAnswer
    ? Blob
    : A extends z.ZodType
      ? z.output<A>
      : never
  : never;

/** What a client sends for a call (input side of its schema: defaults may be left out). */
export type CallRequest<N extends CallName> = RequestOf<ApiCalls[N]>;
/** What a call answers on success. */
export type CallAnswer<N extends CallName> = AnswerOf<ApiCalls[N]>;

/**
 * Looks a call up by a name from a URL. The name is user input: only the declarations' own keys match
 * (a plain `apiCalls[name]` would find `__proto__`, `constructor`, ...).
 */
export function findCall(name: string): CallDeclaration | undefined {
  return Object.hasOwn(apiCalls, name) ? (apiCalls as Record<string, CallDeclaration>)[name] : undefined;
}

/** The calls one service handles, by name. */
export function callsOf(service: RegisteredServiceName): [string, CallDeclaration][] {
  return Object.entries(apiCalls as Record<string, CallDeclaration>).filter(
    ([, call]) => call.service === service,
  );
}

/** Whether a call answers JSON that its declaration describes. */
export const answersJson = (call: CallDeclaration) => !isBytesAnswer(call.answer);
export * from './internal';
