import { formatDollars } from '@beatmatch/frontend-common/commerce';
import type { CartAnswer } from '@beatmatch/frontend-common/sdk';
import { Button } from 'antd';

/** The sticky bar: Total, Service Fee and To pay (the server's amounts) and Check Out. */
export function OrderSummary({
  totals,
  checkingOut,
  disabled,
  onCheckOut,
}: {
  totals: CartAnswer | null;
  checkingOut: boolean;
  disabled: boolean;
  onCheckOut(): void;
}) {
  return (
    <section
      aria-label="Order summary"
      style={{
        position: 'sticky',
        bottom: 0,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: '8px 24px',
        padding: '16px',
        background: '#fff',
        borderTop: '1px solid #f0f0f0',
        boxShadow: '0 -4px 12px rgba(0, 0, 0, 0.06)',
      }}
    >
      <span>
        Total: <strong data-testid="cart-total">{totals ? formatDollars(totals.total) : '…'}</strong>
      </span>
      <span>
        Service Fee: <strong data-testid="cart-fee">{totals ? formatDollars(totals.serviceFee) : '…'}</strong>
      </span>
      <span style={{ fontSize: 16 }}>
        To pay:{' '}
        <strong data-testid="cart-checkout-total">
          {totals ? formatDollars(totals.checkoutTotal) : '…'}
        </strong>
      </span>
      <Button type="primary" size="large" loading={checkingOut} disabled={disabled} onClick={onCheckOut}>
        Check Out
      </Button>
    </section>
  );
}
