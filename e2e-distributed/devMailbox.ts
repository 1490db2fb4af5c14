import type { StoredMail } from '@beatmatch/platform';
import type { MailboxSystem } from '@beatmatch/embedded/apiClient';
import { eventually } from '../apps/embedded/src/fixtures/world';

/** The distributed gateway's dev mailbox page, as `signedInClient` and the specs' sign-ups read it. */
export const devMailboxOf = (url: string): MailboxSystem => ({
  url,
  devMailbox: {
    waitFor: (match) =>
      eventually(async () => {
        const mails = (await (await fetch(`${url}/dev/mailbox.json`)).json()) as StoredMail[];
        return mails.find((mail) => match({ to: mail.to, subject: mail.subject, text: mail.text }));
      }, 60_000).then((mail) => ({ text: `${mail.subject}\n${mail.text}` })),
  },
});
