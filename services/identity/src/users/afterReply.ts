import type { Response } from 'express';

/** How long after the reply has gone out the work starts (see afterReply). */
const AFTER_REPLY_DELAY_MS = 30;

/**
 * A timing guard: runs `work` after the reply has been sent, so the answer comes at the same speed
 * whatever the work finds (forgot-password: whether or not the e-mail has an account). Started a
 * moment after the reply, not at once: in the embedded profile the gateway and PGlite share this event
 * loop, and work started at once would delay the reply's way out for the slow case only.
 */
export function afterReply(
  res: Response,
  work: () => Promise<unknown>,
  onError: (error: unknown) => void,
): void {
  res.once('finish', () => {
    setTimeout(() => {
      work().catch(onError);
    }, AFTER_REPLY_DELAY_MS).unref?.();
  });
}
