import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { MailMessage, Mailer } from './port';

export interface StoredMail extends MailMessage {
  id: string;
  sentAt: string;
}

/**
 * The embedded profile's mailbox: messages are appended to DATA_DIR/mailbox.jsonl (they survive a
 * restart) and shown on the dev mailbox page. Never used when SMTP_URL is set.
 */
export class DevMailbox implements Mailer {
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'mailbox.jsonl');
  }

  async send(message: MailMessage): Promise<void> {
    const stored: StoredMail = { id: randomUUID(), sentAt: new Date().toISOString(), ...message };
    await mkdir(path.dirname(this.file), { recursive: true });
    await appendFile(this.file, `${JSON.stringify(stored)}\n`);
  }

  /** Newest first. */
  async list(limit = 100): Promise<StoredMail[]> {
    const content = await readFile(this.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '';
      throw error;
    });
    return content
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as StoredMail)
      .reverse()
      .slice(0, limit);
  }

  /**
   * The newest mail that `match` accepts, waiting for it: mail leaves through the outbox, a moment
   * after the request that caused it has answered.
   */
  async waitFor(match: (mail: StoredMail) => boolean, timeoutMs = 10_000): Promise<StoredMail> {
    for (const deadline = Date.now() + timeoutMs; ;) {
      const found = (await this.list()).find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No matching mail within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
