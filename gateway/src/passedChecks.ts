/**
 * Values that passed a deterministic check (an HMAC under the gateway's fixed secret), remembered with
 * what the check gave, so the same cookie or token is not hashed again on every call of a session.
 * Only passes are kept: a value that failed is checked again each time, and a changed byte is a new
 * key. Bounded: when full it forgets everything at once, as the session cache does.
 */
export class PassedChecks<V> {
  private readonly passed = new Map<string, V>();

  constructor(private readonly maxEntries = 20_000) {}

  get(key: string): V | undefined {
    return this.passed.get(key);
  }

  remember(key: string, value: V) {
    if (this.passed.size >= this.maxEntries) this.passed.clear();
    this.passed.set(key, value);
  }
}
