import type { APIRequestContext } from '@playwright/test';

interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** The newest six-digit code e-mailed to `to`, read from the embedded profile's dev mailbox. */
export async function latestCodeFor(request: APIRequestContext, to: string): Promise<string> {
  const response = await request.get('/dev/mailbox.json');
  const mails = (await response.json()) as Mail[];
  for (const mail of mails) {
    const code = mail.to === to ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
    if (code) return code;
  }
  throw new Error(`No code e-mailed to ${to} yet`);
}
