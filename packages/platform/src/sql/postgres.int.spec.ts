import { randomUUID } from 'node:crypto';
import { openPostgres, StatementNames } from './postgres';
import type { SqlDatabase, SqlExecutor } from './port';

const url = () => {
  const value = process.env.DATABASE_URL;
  if (!value)
    throw new Error(
      'DATABASE_URL is not set: start the servers with deploy/local/up and eval "$(deploy/local/env)"',
    );
  return value;
};

/** The statements prepared on the connection `tx` runs on (one transaction = one connection). */
const prepared = async (tx: SqlExecutor) =>
  (
    await tx.query<{ name: string; statement: string }>(
      'SELECT name, statement FROM pg_prepared_statements WHERE name LIKE $1 ORDER BY name',
      ['bm\\_%'],
    )
  ).rows;

describe('StatementNames', () => {
  it('gives one name per text, and none past its limit', () => {
    const names = new StatementNames(2);
    const a = names.nameOf('SELECT $1');
    expect(a).toBeDefined();
    expect(names.nameOf('SELECT $1')).toBe(a);
    const b = names.nameOf('SELECT $1, $2');
    expect(b).toBeDefined();
    expect(b).not.toBe(a);
    expect(names.nameOf('SELECT $1, $2, $3')).toBeUndefined();
    expect(names.nameOf('SELECT $1')).toBe(a);
  });
});

describe('openPostgres on a real server: named statements', () => {
  let db: SqlDatabase;
  const schema = `prep_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  beforeAll(async () => {
    db = openPostgres(url(), { max: 1, preparedTexts: 3 });
    await db.exec(`CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.t (id int PRIMARY KEY, label text)`);
  });
  afterAll(async () => {
    await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db.close();
  });

  it('prepares a parameterised text once per connection and runs it again by name', async () => {
    const insert = `INSERT INTO ${schema}.t (id, label) VALUES ($1, $2)`;
    await db.transaction(async (tx) => {
      await tx.query(insert, [1, 'one']);
      await tx.query(insert, [2, 'two']);
      const statements = await prepared(tx);
      // The insert and the catalogue query itself, each prepared once.
      expect(statements.filter((row) => row.statement === insert)).toHaveLength(1);
    });
    const { rows } = await db.query<{ id: number; label: string }>(
      `SELECT id, label FROM ${schema}.t WHERE id >= $1 ORDER BY id`,
      [1],
    );
    expect(rows).toEqual([
      { id: 1, label: 'one' },
      { id: 2, label: 'two' },
    ]);
  });

  it('never names a statement without parameters (it may hold several commands)', async () => {
    const script = `SELECT 1 AS one; SELECT 2 AS two`;
    await db.exec(script);
    await db.transaction(async (tx) => {
      await tx.query(`SELECT count(*) FROM ${schema}.t`);
      expect(
        (await prepared(tx)).some((row) => row.statement.startsWith(`SELECT count(*) FROM ${schema}`)),
      ).toBe(false);
    });
  });

  it('runs texts past the limit unnamed, and they still answer', async () => {
    for (let i = 0; i < 5; i++) {
      const { rows } = await db.query<{ n: number }>(`SELECT $1::int + ${i} AS n`, [10]);
      expect(rows[0]!.n).toBe(10 + i);
    }
    await db.transaction(async (tx) => {
      expect((await prepared(tx)).length).toBeLessThanOrEqual(3);
    });
  });

  it('keeps working when the table under a prepared statement is dropped and made again', async () => {
    const read = `SELECT label FROM ${schema}.t WHERE id = $1`;
    expect((await db.query<{ label: string }>(read, [1])).rows).toEqual([{ label: 'one' }]);
    await db.exec(`DROP TABLE ${schema}.t; CREATE TABLE ${schema}.t (id int PRIMARY KEY, label text)`);
    await db.query(`INSERT INTO ${schema}.t (id, label) VALUES ($1, $2)`, [1, 'again']);
    expect((await db.query<{ label: string }>(read, [1])).rows).toEqual([{ label: 'again' }]);
  });
});
