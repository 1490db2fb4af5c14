import { Router } from 'express';
import { ERROR_CODES, HEADERS, identityMessages as messages } from '@beatmatch/contracts';
import { handleCall, HttpProblem, route, type Logger } from '@beatmatch/platform';
import {
  accountsOf,
  logIn,
  logOut,
  resendCode,
  resolveSession,
  signedInUser,
  signUp,
  type AccountDeps,
} from './accounts';
import { checkLink, requestPasswordReset, resetPassword } from './passwordReset';
import { linkOpener } from './links';
import { afterReply } from './afterReply';
import { runMailConsent } from '../mailConsent/commands';
import type { AdminRoleQueries } from '../roles/readModel';

/*
 * Identity's account calls (sign-up, login with its code and survey, resend, logout, the caller's
 * profile, password reset links) and the gateway's session lookup: routing and mapping only, the use
 * cases are in accounts.ts and passwordReset.ts.
 */

export interface IdentityDeps extends AccountDeps {
  logger: Logger;
  /** The roles the session lookup answers with the user (roles/). */
  roles: AdminRoleQueries;
}

export function identityRouter(deps: IdentityDeps): Router {
  const router = Router();
  const accounts = accountsOf(deps);
  const openLink = linkOpener(deps.secret, deps.clock);

  handleCall(router, 'beatmatch_signup', async (input) => {
    const userId = await signUp(accounts, input);
    // Consent lives on a stream of its own, so it is a second transaction: a crash in between leaves
    // the account without consent (the safe side; the user can agree in account settings).
    if (input.agreedToMail)
      await runMailConsent(deps, userId, { type: 'SetConsent', data: { agreed: true } });
    return { response: 'success' };
  });

  handleCall(router, 'beatmatch_login', async (input, { res }) => {
    const { answer, session } = await logIn(accounts, input);
    // Identity hands the new session's token to the gateway, which turns it into the cookie.
    if (session) {
      res.setHeader(HEADERS.session, session.token);
      res.setHeader(HEADERS.sessionExpires, session.expiresAt.toISOString());
    }
    return answer;
  });

  handleCall(router, 'beatmatch_login_auth_resend', async (input) => {
    await resendCode(accounts, input);
    return { message: messages.resent };
  });

  handleCall(router, 'beatmatch_logout', async (_input, { req }) => {
    await logOut(accounts, { userId: req.caller!.userId!, sessionId: req.caller!.sessionId });
    return { message: messages.loggedOut };
  });

  handleCall(router, 'beatmatch_auth', async (_input, { req }) => ({
    ...(await signedInUser(deps.queries, req.caller!.userId!)),
    roles: req.caller!.roles ?? [],
  }));

  handleCall(router, 'beatmatch_forgot_password', (input, { res }) => {
    // The same answer, at the same speed, whether or not the e-mail has an account.
    afterReply(
      res,
      () => requestPasswordReset(accounts, input.email),
      (error) => deps.logger.error({ err: error }, 'password reset request failed'),
    );
    return { message: messages.forgotPassword };
  });

  handleCall(router, 'beatmatch_jwt_authenticate', async (input) =>
    checkLink(accounts, await openLink(input.jwt)),
  );

  handleCall(router, 'reset_beatmatchs_password', async (input) => ({
    message: await resetPassword(accounts, await openLink(input.jwt), input),
  }));

  /** Gateway only (packages/contracts internalRoutes): turns a session cookie into the caller it forwards. */
  router.post(
    '/sessions/resolve',
    route(async (req, res) => {
      if (!req.caller?.gateway)
        throw new HttpProblem(403, 'Only the gateway resolves sessions.', ERROR_CODES.forbidden);
      const session = await resolveSession(
        accounts,
        typeof req.body?.token === 'string' ? req.body.token : '',
      );
      res.json({ ...session, roles: await deps.roles.rolesOf(session.userId) });
    }),
  );

  return router;
}
