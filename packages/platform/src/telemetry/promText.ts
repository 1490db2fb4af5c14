/**
 * Reads Prometheus text format and evaluates the simplest alert expressions on it — a selector compared
 * with a number (`beatmatch_consumer_lag > 1000`, `metric{label="x"} >= 1`) — so a test can tell
 * whether an alert of deploy/prometheus/rules.yml would fire on what a process exports now.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g;

export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line);
    if (!match || line.startsWith('#')) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map(([, k, v]) => [k!, v!]));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

const COMPARISON = /^\s*([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s*(>=|<=|>|<|==|!=)\s*(-?[\d.]+)\s*$/;
const compare: Record<string, (a: number, b: number) => boolean> = {
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

/** The samples for which `selector op number` holds (what Prometheus would return: empty = not firing). */
export function evaluateComparison(expression: string, samples: Sample[]): Sample[] {
  const match = COMPARISON.exec(expression);
  if (!match) throw new Error(`Not a 'selector op number' expression: ${expression}`);
  const [, name, matchers, op, threshold] = match;
  const wanted = Object.fromEntries([...(matchers ?? '').matchAll(LABEL)].map(([, k, v]) => [k!, v!]));
  return samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(wanted).every(([key, value]) => sample.labels[key] === value) &&
      compare[op!]!(sample.value, Number(threshold)),
  );
}
