import { Router } from 'express';
import { MAIL_CONSENT_MESSAGES } from '@beatmatch/contracts';
import { DomainError, escapeHtml, handleCall, type EventStore, type SqlDatabase } from '@beatmatch/platform';
import { runMailConsent } from './commands';
import { hasAgreed } from './readModel';
import { openUnsubscribeToken } from './unsubscribeLinks';

const page = (message: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Beatmatch</title></head>` +
  `<body><p>${escapeHtml(message)}</p></body></html>`;

export interface MailConsentDeps {
  store: EventStore;
  db: SqlDatabase;
  schema: string;
  secret: string;
  clock: () => Date;
}

/** A user's consent to news mails (account), and the campaign mails' unsubscribe link. */
export function mailConsentRouter(deps: MailConsentDeps): Router {
  const router = Router();
  const userIdOf = (caller: { userId?: string } | undefined) => caller!.userId!;
  handleCall(router, 'mail_consent_get', async (_input, { req }) => ({
    agreed: await hasAgreed(deps.db, deps.schema, userIdOf(req.caller)),
  }));
  handleCall(router, 'mail_consent_set', async ({ agreed }, { req }) => {
    await runMailConsent(deps, userIdOf(req.caller), { type: 'SetConsent', data: { agreed } });
    return { agreed };
  });
  handleCall(router, 'mail_unsubscribe', async ({ token }, { res }) => {
    let status = 200;
    let message: string = MAIL_CONSENT_MESSAGES.unsubscribed;
    try {
      const { userId, linkId } = await openUnsubscribeToken(deps.secret, token);
      await runMailConsent(deps, userId, { type: 'Unsubscribe', data: { linkId } });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      status = error.status;
      message = error.message;
    }
    res.status(status).type('text/html; charset=utf-8').set('Cache-Control', 'no-store').send(page(message));
    return undefined;
  });
  return router;
}
