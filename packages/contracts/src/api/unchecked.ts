import { z } from 'zod';

/**
 * An answer whose schema is not written yet: it documents nothing and checks nothing. The contract
 * spec (api.unit.spec.ts) lists every call that still uses it; none should.
 */
export const unchecked = z.unknown().describe('unchecked');
