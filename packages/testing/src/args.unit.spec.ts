import { argValue, numberArg, stringArg } from './args';

describe('bench command-line arguments', () => {
  const argv = ['node', 'bench.ts', '--beats', '250', '--sizes', '32,300', '--flag'];
  it('read the value after --name, or fall back when the name is absent', () => {
    expect(argValue('beats', argv)).toBe('250');
    expect(numberArg('beats', 10, argv)).toBe(250);
    expect(numberArg('listeners', 40, argv)).toBe(40);
    expect(stringArg('sizes', '1', argv)).toBe('32,300');
    expect(stringArg('missing', 'fallback', argv)).toBe('fallback');
    expect(argValue('flag', argv)).toBeUndefined();
  });
});
