import retry from 'async-retry';

/** kafkajs marks the errors a later attempt may not see (a topic the broker does not serve yet, a leader election, a lost connection) `retriable`. */
export function isRetriableKafkaError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { retriable?: unknown }).retriable === true;
}

export interface KafkaRetryOptions {
  /** Attempts after the first. */
  retries?: number;
  minTimeoutMs?: number;
  maxTimeoutMs?: number;
}

/**
 * Runs a kafkajs call again, with exponential backoff, while it fails with a retriable error; any
 * other error (or the last retriable one) is thrown as it came. For the calls kafkajs does not retry
 * itself, such as a consumer's subscribe.
 */
export function retryRetriable<T>(operation: () => Promise<T>, options: KafkaRetryOptions = {}): Promise<T> {
  return retry(
    async (bail) => {
      try {
        return await operation();
      } catch (error) {
        if (!isRetriableKafkaError(error)) bail(error as Error);
        throw error;
      }
    },
    {
      retries: options.retries ?? 10,
      minTimeout: options.minTimeoutMs ?? 50,
      maxTimeout: options.maxTimeoutMs ?? 1_000,
      factor: 2,
    },
  );
}
