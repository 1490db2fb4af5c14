import { randomUUID } from 'node:crypto';
import { openPostgres, type SqlDatabase } from '@beatmatch/platform';
import { rateLimit } from 'express-rate-limit';
import express from 'express';
import request from 'supertest';
import { SqlRateLimitStore } from './rateLimitStore';

/** The shared counter store against a real PostgreSQL (DATABASE_URL from deploy/local). */
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set: run `eval "$(bash deploy/local/env)"` first');

let db: SqlDatabase;
const table = `rl_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
beforeAll(() => {
  db = openPostgres(url, { max: 8 });
});
afterAll(async () => {
  await db.query(`DROP TABLE IF EXISTS ${table}`);
  await db.close();
});

/** Two "gateway replicas": separate express apps and limiter instances, one database. */
const replica = () =>
  express()
    .set('trust proxy', 1)
    .use(rateLimit({ windowMs: 60_000, limit: 3, store: new SqlRateLimitStore(db, 'ip:reset:', table) }))
    .get('/', (_req, res) => void res.send('ok'));

it('counts hits of one client across replicas, and keeps clients apart', async () => {
  const [a, b] = [replica(), replica()];
  const statuses = [];
  for (const app of [a, b, a, b])
    statuses.push((await request(app).get('/').set('x-forwarded-for', '192.0.2.1')).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
  expect((await request(b).get('/').set('x-forwarded-for', '192.0.2.2')).status).toBe(200);
});

it('loses no hit when replicas count at the same time, and starts a new window when one is over', async () => {
  const store = new SqlRateLimitStore(db, 'p:', table);
  store.init({ windowMs: 60_000 } as never);
  const results = await Promise.all(Array.from({ length: 20 }, () => store.increment('k')));
  expect(results.map((r) => r.totalHits).sort((x, y) => x - y)).toEqual(
    Array.from({ length: 20 }, (_, i) => i + 1),
  );
  await db.query(`UPDATE ${table} SET reset_at = now() - interval '1 second' WHERE key = 'p:k'`);
  expect((await store.increment('k')).totalHits).toBe(1);
  await store.resetKey('k');
  expect(await store.get('k')).toBeUndefined();
});
