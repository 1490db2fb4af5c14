import { Router } from 'express';
import path from 'node:path';
import { DevMailbox, escapeHtml as escape, type Logger, type StoredMail } from '@beatmatch/platform';
import type { GatewayOptions } from './options';

/** Links in a mail (already HTML-escaped) become clickable; only http(s) addresses are linked. */
const linkify = (escapedText: string) =>
  escapedText.replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);

function page(mails: StoredMail[]) {
  const items = mails
    .map(
      (mail) => `<article class="mail">
  <header><strong>${escape(mail.subject)}</strong><br><span>To: ${escape(mail.to)}</span> · <time>${escape(mail.sentAt)}</time></header>
  <pre>${linkify(escape(mail.text))}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox · Beatmatch</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f1f1f}
.mail{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit}
header span,time{color:#666;font-size:.9em}</style></head>
<body><h1>Dev mailbox</h1><p>E-mails Beatmatch sent, newest first. This page exists only when no SMTP server is configured.</p>
${items || '<p>No e-mails yet.</p>'}</body></html>`;
}

/** The embedded profile's mailbox page, where a new user reads the e-mailed code. */
export function devMailboxRouter(mailbox: DevMailbox): Router {
  const router = Router();
  router.get('/mailbox.json', async (_req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json(await mailbox.list());
  });
  router.get('/mailbox', async (_req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.type('html').send(page(await mailbox.list()));
  });
  return router;
}

/** 127.0.0.0/8, ::1 and "localhost": only this machine can reach a server bound there. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(h);
}

/**
 * The dev mailbox shows every sign-up code and reset link, so whoever reaches it can take over any
 * account. It is served only when the gateway listens on loopback, or when DEV_MAILBOX=on says so
 * explicitly (DEV_MAILBOX=off turns it off everywhere). The reason is logged at start.
 */
export function devMailboxPolicy(
  listenHost: string | undefined,
  setting: string | undefined,
): { serve: boolean; reason: string } {
  const flag = setting?.trim().toLowerCase();
  if (flag === 'off') return { serve: false, reason: 'DEV_MAILBOX=off' };
  if (flag === 'on') return { serve: true, reason: 'DEV_MAILBOX=on' };
  if (isLoopbackHost(listenHost)) return { serve: true, reason: `bound to loopback (${listenHost})` };
  return {
    serve: false,
    reason: `bound to ${listenHost ?? 'an unknown address'}, not loopback; set DEV_MAILBOX=on to serve it anyway`,
  };
}

/** The dev mailbox the gateway serves (when no SMTP server is set), when `devMailboxPolicy` allows it. */
export function servedDevMailbox(
  options: Pick<GatewayOptions, 'devMailbox' | 'listenHost' | 'devMailboxSetting'>,
  logger: Logger,
): DevMailbox | undefined {
  if (!options.devMailbox) return undefined;
  const policy = devMailboxPolicy(options.listenHost, options.devMailboxSetting);
  logger.info(
    { devMailbox: policy.serve, reason: policy.reason },
    policy.serve
      ? `dev mailbox served at /dev/mailbox (${policy.reason}): anyone who can open it reads every code`
      : `dev mailbox not served (${policy.reason})`,
  );
  return policy.serve ? options.devMailbox : undefined;
}

/**
 * The distributed profile's dev mailbox: each service process writes its mail under
 * DATA_DIR/<service> (runService), so the page shows them all, newest first.
 */
export function servicesMailbox(dataDir: string, services: readonly string[]): DevMailbox {
  const boxes = services.map((service) => new DevMailbox(path.join(dataDir, service)));
  return new (class extends DevMailbox {
    override async list(limit = 100): Promise<StoredMail[]> {
      const mails = (await Promise.all(boxes.map((box) => box.list(limit)))).flat();
      return mails.sort((a, b) => b.sentAt.localeCompare(a.sentAt)).slice(0, limit);
    }
  })(dataDir);
}
