import type { PayoutMethod } from '@beatmatch/contracts';
import { Form, Input } from 'antd';

const required = { required: true, message: 'Required.' };

interface Field {
  name: string;
  label: string;
  textArea?: boolean;
}

/** What each method needs (the server checks each field's format and answers its message). */
const FIELDS: Record<PayoutMethod, Field[]> = {
  ach: [
    { name: 'accountHolder', label: 'Account holder' },
    { name: 'routingNumber', label: 'Routing number' },
    { name: 'accountNumber', label: 'Account number' },
  ],
  wire: [
    { name: 'accountHolder', label: 'Account holder' },
    { name: 'bankName', label: 'Bank name' },
    { name: 'swift', label: 'SWIFT/BIC' },
    { name: 'iban', label: 'IBAN' },
  ],
  check: [
    { name: 'payee', label: 'Pay to the order of' },
    { name: 'mailingAddress', label: 'Mailing address', textArea: true },
  ],
  paypal: [{ name: 'email', label: 'PayPal e-mail' }],
  prepaidCard: [{ name: 'email', label: 'E-mail for the card' }],
};

export function MethodFields({ method }: { method: PayoutMethod }) {
  return (
    <>
      {FIELDS[method].map((field) => (
        <Form.Item key={field.name} name={field.name} label={field.label} rules={[required]}>
          {field.textArea ? (
            <Input.TextArea rows={3} aria-label={field.label} />
          ) : (
            <Input aria-label={field.label} />
          )}
        </Form.Item>
      ))}
    </>
  );
}
