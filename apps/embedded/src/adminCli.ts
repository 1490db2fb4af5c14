/**
 * `npx beatmatch admin grant|revoke|list [email]`: the admin role from the command line (issue 26), on
 * the database the app uses — DATABASE_URL (the distributed profile: identity's database) or else the
 * embedded profile's PGlite under DATA_DIR (default ./data), which only one process may open: the
 * command takes the data directory's lock, so it refuses while the app runs there.
 */
import path from 'node:path';
import { loadConfig, openDatabase, serviceConfigShape } from '@beatmatch/platform';
import { adminFromCommandLine, IDENTITY_SCHEMA, type AdminVerb } from '@beatmatch/identity';
import { lockDataDir } from './index';

const USAGE = 'Usage: npx beatmatch admin grant <email> | admin revoke <email> | admin list';
const VERBS: readonly AdminVerb[] = ['grant', 'revoke', 'list'];

export async function runAdminCli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const [group, verb, email] = args;
  if (group !== 'admin' || !VERBS.includes(verb as AdminVerb) || (verb !== 'list' && !email))
    throw new Error(USAGE);
  const config = loadConfig(serviceConfigShape, env);
  const unlock = config.DATABASE_URL ? () => undefined : lockDataDir(path.resolve(config.DATA_DIR));
  const db = await openDatabase({
    ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : {}),
    dataDir: path.resolve(config.DATA_DIR),
  });
  try {
    const admins = await adminFromCommandLine(db, IDENTITY_SCHEMA, verb as AdminVerb, email);
    const list = admins.map(
      (admin) => `  ${admin.email} (granted by ${admin.grantedBy}, ${admin.grantedAt})`,
    );
    return [`Admins (${admins.length}):`, ...list].join('\n');
  } finally {
    await db.close();
    unlock();
  }
}

if (require.main === module)
  runAdminCli(process.argv.slice(2)).then(
    (output) => process.stdout.write(`${output}\n`),
    (error: Error) => {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    },
  );
