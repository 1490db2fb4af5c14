import { tokensShown, tokenUnitsOf, unitsOfTokens, unitsPerDollar } from './units';

describe('cents to $BEAT units', () => {
  it('reads the rate exactly, fractions included', () => {
    expect(unitsPerDollar('1')).toBe(10n ** 18n);
    expect(unitsPerDollar('0.25')).toBe(25n * 10n ** 16n);
    expect(unitsPerDollar('40.000000000000000001')).toBe(40n * 10n ** 18n + 1n);
  });

  it('refuses a rate that is not a positive decimal', () => {
    for (const bad of ['', '-1', '1e3', '0', '0.0', '1.0000000000000000001', 'one'])
      expect(() => unitsPerDollar(bad)).toThrow(RangeError);
  });

  it('turns cents into units at the rate, to the unit', () => {
    expect(tokenUnitsOf(1, unitsPerDollar('1'))).toBe(10n ** 16n);
    expect(tokenUnitsOf(12_345, unitsPerDollar('2'))).toBe(24_690n * 10n ** 16n);
    // A third of a unit per cent is left out rather than rounded up: the treasury never overpays.
    expect(tokenUnitsOf(1, 1n)).toBe(0n);
    expect(tokenUnitsOf(101, 1n)).toBe(1n);
  });

  it('refuses amounts that are not a positive whole number of cents', () => {
    for (const bad of [0, -5, 1.5, Number.MAX_SAFE_INTEGER + 1])
      expect(() => tokenUnitsOf(bad, 1n)).toThrow(RangeError);
  });

  it('counts whole tokens in base units', () => {
    expect(unitsOfTokens(3n)).toBe(3n * 10n ** 18n);
  });
});

describe('tokensShown', () => {
  it('groups thousands and shows two decimals, more only when a finer fraction is there', () => {
    expect(tokensShown(unitsOfTokens(9_940n))).toBe('9,940.00');
    expect(tokensShown(unitsOfTokens(1_000_000_000n) + 5n * 10n ** 17n)).toBe('1,000,000,000.50');
    expect(tokensShown(-unitsOfTokens(12n))).toBe('-12.00');
    expect(tokensShown(3n)).toBe('0.000000000000000003');
    expect(tokensShown(0n)).toBe('0.00');
  });
});
