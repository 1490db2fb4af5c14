/** The value after `--name` on the command line (benches: `--beats 10000`), or undefined. */
export function argValue(name: string, argv: readonly string[] = process.argv): string | undefined {
  const index = argv.indexOf(`--${name}`);
  return index > 0 ? argv[index + 1] : undefined;
}

/** `--name N` as a number, or `fallback` when it is not given. */
export const numberArg = (name: string, fallback: number, argv?: readonly string[]) => {
  const value = argValue(name, argv);
  return value === undefined ? fallback : Number(value);
};

/** `--name text`, or `fallback` when it is not given. */
export const stringArg = (name: string, fallback: string, argv?: readonly string[]) =>
  argValue(name, argv) ?? fallback;
