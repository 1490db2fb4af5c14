/**
 * Cents → $BEAT base units. The spec gives no $BEAT price, so the rate is configuration
 * (BEAT_TOKENS_PER_USD, default 1: one $BEAT per US dollar) and the token has ERC-20's usual 18
 * decimals. Units are bigint: a payout in units exceeds Number's exact range.
 */
export const TOKEN_DECIMALS = 18;
const UNITS_PER_TOKEN = 10n ** BigInt(TOKEN_DECIMALS);

/** Parses a decimal rate such as "1", "0.25" or "40" (tokens per US dollar) into base units per dollar. */
export function unitsPerDollar(tokensPerUsd: string): bigint {
  const match = /^(\d{1,30})(?:\.(\d{1,18}))?$/.exec(tokensPerUsd.trim());
  if (!match) throw new RangeError(`not a decimal number of tokens per US dollar: "${tokensPerUsd}"`);
  const [, whole, fraction = ''] = match;
  const units = BigInt(whole!) * UNITS_PER_TOKEN + BigInt(fraction.padEnd(TOKEN_DECIMALS, '0'));
  if (units === 0n) throw new RangeError('the $BEAT rate must be above zero');
  return units;
}

/** The token units a payout of `cents` is worth; a fraction of a base unit is left out. */
export function tokenUnitsOf(cents: number, perDollar: bigint): bigint {
  if (!Number.isSafeInteger(cents) || cents <= 0)
    throw new RangeError(`not a positive number of cents: ${cents}`);
  return (BigInt(cents) * perDollar) / 100n;
}

/** Whole tokens → base units (the initial supply is configured in tokens). */
export function unitsOfTokens(tokens: bigint): bigint {
  return tokens * UNITS_PER_TOKEN;
}

/**
 * Base units → $BEAT as people read it: thousands grouped, two decimals ("9,940.00"), more only when
 * a finer fraction is there (a drift of a few base units must not read as "0.00").
 */
export function tokensShown(units: bigint): string {
  const sign = units < 0n ? '-' : '';
  const magnitude = units < 0n ? -units : units;
  const whole = (magnitude / UNITS_PER_TOKEN).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (magnitude % UNITS_PER_TOKEN).toString().padStart(TOKEN_DECIMALS, '0');
  return `${sign}${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}
