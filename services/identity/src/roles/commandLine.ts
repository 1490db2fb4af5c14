import { PostgresEventStore, type SqlDatabase } from '@beatmatch/platform';
import type { AdminRow } from '@beatmatch/contracts';
import { IdentityQueries } from '../users/readModel';
import { COMMAND_LINE } from './adminRole';
import { grantAdmin, recordAdminAction, revokeAdmin, type AdminRoles } from './adminRoles';
import { adminRolesProjection, adminRolesReadModelSchema, AdminRoleQueries } from './readModel';

export type AdminVerb = 'grant' | 'revoke' | 'list';

/**
 * `npx beatmatch admin grant|revoke|list [email]` on identity's own database (the one the app uses):
 * the same use cases as the admin calls, by COMMAND_LINE, logged as admin actions. The command line
 * may revoke the last admin (it can always grant again).
 */
export async function adminFromCommandLine(
  db: SqlDatabase,
  schema: string,
  verb: AdminVerb,
  email = '',
  clock: () => Date = () => new Date(),
): Promise<AdminRow[]> {
  await db.exec(`CREATE SCHEMA IF NOT EXISTS ${schema};` + adminRolesReadModelSchema(schema));
  const store = new PostgresEventStore(db, schema, [adminRolesProjection(schema)]);
  const deps: AdminRoles = {
    store,
    users: new IdentityQueries(db, schema),
    roles: new AdminRoleQueries(db, schema),
    clock,
  };
  if (verb === 'list') return deps.roles.admins();
  const action = verb === 'grant' ? 'admin_roles_grant' : 'admin_roles_revoke';
  const record = (status: number) =>
    recordAdminAction(deps, { at: clock().toISOString(), by: COMMAND_LINE, action, status, detail: email });
  try {
    const admins =
      verb === 'grant'
        ? await grantAdmin(deps, email, COMMAND_LINE)
        : await revokeAdmin(deps, email, COMMAND_LINE, { keepLastAdmin: false });
    await record(200);
    return admins;
  } catch (error) {
    await record((error as { status?: number }).status ?? 500);
    throw error;
  }
}
