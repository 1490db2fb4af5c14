/** How one item of a batch ended: its answer, or the error its caller gets. */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Waiting<T, R> {
  item: T;
  resolve(value: R): void;
  reject(error: unknown): void;
}

/**
 * Group commit: `lanes` commits in flight at a time (one by default); items that arrive while every lane
 * is busy wait and go together in the next commit (at most `maxBatch`). An item that arrives when a
 * lane is free starts at once, so a lone caller waits for nobody. Each caller is answered only when
 * `commit` has settled the batch that holds its item, never before.
 */
export class GroupCommit<T, R> {
  private readonly waiting: Waiting<T, R>[] = [];
  private inFlight = 0;

  constructor(
    private readonly commit: (items: T[]) => Promise<Outcome<R>[]>,
    private readonly options: { maxBatch?: number; lanes?: number } = {},
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.inFlight < (this.options.lanes ?? 1)) void this.drain();
    });
  }

  private async drain() {
    this.inFlight++;
    try {
      while (this.waiting.length) {
        const batch = this.waiting.splice(0, this.options.maxBatch ?? 64);
        const outcomes = await this.commit(batch.map((waiting) => waiting.item)).catch((error: unknown) =>
          batch.map((): Outcome<R> => ({ ok: false, error })),
        );
        batch.forEach((waiting, index) => {
          const outcome = outcomes[index]!;
          if (outcome.ok) waiting.resolve(outcome.value);
          else waiting.reject(outcome.error);
        });
      }
    } finally {
      this.inFlight--;
    }
  }
}
