import { dollarsToCents } from '@beatmatch/contracts';
import { HttpProblem } from '@beatmatch/platform';

/** A price in dollars from a request → integer cents, or the spec's 400. */
export function cents(value: unknown): number {
  const parsed = dollarsToCents(value);
  if ('error' in parsed) throw new HttpProblem(400, parsed.error, 'price');
  return parsed.cents;
}

/** The Marriage package's price: '-' (or nothing) means no Marriage package. */
export function marriageCents(value: unknown): number | null {
  if (value === undefined || value === null || value === '' || value === '-') return null;
  return cents(value);
}

/** The request flags' truthy spellings (true, 1, 'true', '1'). */
export const truthy = (value: unknown) => value === true || value === 1 || value === 'true' || value === '1';
