import { artistSideCalls } from './artistSide';
import { producerSideCalls } from './producerSide';
import type { SpecCall } from './specCall';

export type { SpecCall } from './specCall';
export { PLANNED_BY } from './specCall';

/** Every distinct call of both specification documents' §7 tables (spec/specCalls.unit.spec.ts checks them). */
export const specCalls: readonly SpecCall[] = [...artistSideCalls, ...producerSideCalls];

/** The spec's count of distinct calls in both §7 tables. */
export const SPEC_CALL_COUNT = 96;

/** The calls of the spec the project serves today. */
export const servedSpecCalls = () => specCalls.filter((call) => call.status === 'served');
