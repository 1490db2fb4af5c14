import { defineAdminJob, type SqlDatabase, type SqlExecutor } from '@beatmatch/platform';

/** A slug of a user name: lower-case letters and digits joined by single dashes ('DJ Ann!' → 'dj-ann'). */
export const slugOf = (username: string) =>
  username
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'producer';

async function freeSlug(tx: SqlExecutor, s: string, base: string): Promise<string> {
  const { rows } = await tx.query<{ slug: string }>(
    `SELECT slug FROM ${s}.store_slugs WHERE slug = $1 OR slug LIKE $2`,
    [base, `${base}-%`],
  );
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

/**
 * fill_username_url (Fill username urls): a store slug for every producer (survey 'prod' or 'both'),
 * unique (a second 'dj-ann' becomes 'dj-ann-2') and stable (a producer who has one keeps it, whatever
 * their name becomes). The store stays at /lab/{userId}; store_slug turns a slug into that user id.
 */
export const fillStoreSlugs = (deps: { db: SqlDatabase; schema: string; clock: () => Date }) =>
  defineAdminJob<object>({
    name: 'fill_username_url',
    async items() {
      const { rows } = await deps.db.query<{ user_id: string }>(
        `SELECT user_id FROM ${deps.schema}.users WHERE survey IN ('prod', 'both') ORDER BY registered_at, user_id`,
      );
      return rows.map((row) => row.user_id);
    },
    async handle(userId) {
      const s = deps.schema;
      return async (tx) => {
        const { rows } = await tx.query<{ username: string; slug: string | null }>(
          `SELECT u.username, g.slug FROM ${s}.users u LEFT JOIN ${s}.store_slugs g USING (user_id) WHERE u.user_id = $1`,
          [userId],
        );
        const user = rows[0];
        if (!user || user.slug) return;
        // One slug chosen at a time: the jobs' items commit one by one, and the column is unique.
        await tx.query(`LOCK TABLE ${s}.store_slugs IN SHARE ROW EXCLUSIVE MODE`);
        await tx.query(`INSERT INTO ${s}.store_slugs (user_id, slug, filled_at) VALUES ($1, $2, $3)`, [
          userId,
          await freeSlug(tx, s, slugOf(user.username)),
          deps.clock().toISOString(),
        ]);
      };
    },
    async result({ done }) {
      const { rows } = await deps.db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM ${deps.schema}.store_slugs`,
      );
      return `Checked ${done} producers: ${rows[0]?.n ?? 0} store addresses.`;
    },
  });

export async function userOfSlug(db: SqlExecutor, s: string, slug: string) {
  const { rows } = await db.query<{ user_id: string; slug: string }>(
    `SELECT user_id, slug FROM ${s}.store_slugs WHERE slug = $1`,
    [slug.toLowerCase()],
  );
  return rows[0] ? { userId: rows[0].user_id, slug: rows[0].slug } : null;
}
