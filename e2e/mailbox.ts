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
  // Mail leaves through the outbox and Kafka a moment after the request that caused it answered (a few
  // seconds on a busy machine): the first code found is returned at once.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const response = await request.get('/dev/mailbox.json');
    const mails = (await response.json()) as Mail[];
    for (const mail of mails) {
      const code = mail.to === to ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No code e-mailed to ${to} within 30 s`);
}
