import { Router } from 'express';
import { z } from 'zod';
import { ERROR_CODES } from '@beatmatch/contracts';
import { handleCall, HttpProblem, parseInput, route } from '@beatmatch/platform';
import { grantAdmin, recordAdminAction, revokeAdmin, type AdminRoles } from './adminRoles';

/** What the gateway reports after an admin call has answered (internal route, see internalRoutes). */
const actionReport = z.object({
  by: z.string().min(1).max(320),
  action: z.string().min(1).max(100),
  status: z.number().int().min(100).max(599),
  detail: z.string().max(2000),
});

/** The admin role's calls (handleCall refuses them to non-admins) and the gateway's action log route. */
export function adminRolesRouter(deps: AdminRoles): Router {
  const router = Router();
  const adminEmail = (req: { caller?: { email?: string } }) => req.caller!.email!;

  handleCall(router, 'admin_roles_list', async () => ({ admins: await deps.roles.admins() }));
  handleCall(router, 'admin_roles_grant', async ({ email }, { req }) => ({
    admins: await grantAdmin(deps, email, adminEmail(req)),
  }));
  handleCall(router, 'admin_roles_revoke', async ({ email }, { req }) => ({
    admins: await revokeAdmin(deps, email, adminEmail(req), { keepLastAdmin: true }),
  }));
  handleCall(router, 'admin_actions', async () => ({ actions: await deps.roles.actions() }));

  /** Gateway only: every admin call's outcome, recorded after it has answered. */
  router.post(
    '/admin/actions/record',
    route(async (req, res) => {
      if (!req.caller?.gateway)
        throw new HttpProblem(403, 'Only the gateway records admin actions.', ERROR_CODES.forbidden);
      const report = parseInput(actionReport, req.body);
      await recordAdminAction(deps, { ...report, at: deps.clock().toISOString() });
      res.status(204).end();
    }),
  );
  return router;
}
