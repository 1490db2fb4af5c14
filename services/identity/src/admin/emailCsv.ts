import { EMAIL_CSV_COLUMNS } from '@beatmatch/contracts';
import type { ConsentingUser } from '../mailConsent/readModel';

/** One CSV cell: quoted, and a leading formula character defused so a spreadsheet shows it as text. */
const cell = (value: string) => {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
};

/** The e-mail CSV (emailCsv): a header, then one line per user who agreed to news mails. */
export const emailCsv = (users: ConsentingUser[]) =>
  [
    EMAIL_CSV_COLUMNS.join(','),
    ...users.map((user) => [user.email, user.username, user.agreedAt].map(cell).join(',')),
  ]
    .join('\r\n')
    .concat('\r\n');
