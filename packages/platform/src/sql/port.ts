/**
 * The SQL port. Two adapters speak it: PGlite (embedded profile, data under ./data) and node-postgres
 * (distributed profile). Both are real PostgreSQL, so SQL text is shared; parameters are $1, $2, ...
 */
export interface SqlResult<Row> {
  rows: Row[];
  rowCount: number;
}

export interface SqlExecutor {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<SqlResult<Row>>;
}

export interface SqlDatabase extends SqlExecutor {
  /** Runs fn in one transaction (BEGIN … COMMIT, ROLLBACK when fn throws). */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Runs a multi-statement script without parameters (migrations). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
}
