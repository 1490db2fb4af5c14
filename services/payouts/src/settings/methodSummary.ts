import { PAYOUT_METHOD_TERMS, type PayoutMethodDetails } from '@beatmatch/contracts';

/** How a chosen method is shown back: its name and enough to recognise it, never a full account number. */
export function methodSummary(details: PayoutMethodDetails): string {
  const label = PAYOUT_METHOD_TERMS[details.method].label;
  switch (details.method) {
    case 'ach':
      return `${label} ••••${details.accountNumber.slice(-4)}`;
    case 'wire':
      return `${label} ${details.bankName} ••••${details.iban.slice(-4)}`;
    case 'check':
      return `${label} to ${details.payee}`;
    case 'paypal':
    case 'prepaidCard':
      return `${label} ${details.email}`;
  }
}
