import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Empty, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { RemoteTheme } from '@beatmatch/frontend-common';
import { beatmatchSdk, useCart } from '@beatmatch/frontend-common/sdk';
import { TestPaymentDialog, useCommerceErrors } from '@beatmatch/frontend-common/commerce';
import { CartItemRow } from './CartItemRow';
import { GuestCheckoutDialog } from './GuestCheckoutDialog';
import { OrderSummary } from './OrderSummary';
import { useCartTotals } from './useCartTotals';
import { useCheckout } from './useCheckout';

export interface CartPageProps {
  /** Where Find Beats goes: the matchmaker of the area the cart is shown in. */
  findBeatsPath?: string;
}

/**
 * The cart (/user/checkout, artist-side spec §2 Cart page): the items with cover art, name, package,
 * price and a License link; a sticky bar with Total, Service Fee and Check Out. The list is the SDK's
 * cart store (the badge counts the same list); the amounts are the server's.
 */
export function CartPage({ findBeatsPath = '/user/matchmaker' }: CartPageProps) {
  const { items } = useCart(beatmatchSdk().cart);
  const { reportError, holder } = useCommerceErrors();
  const { totals, loading, removing, remove, modalHolder } = useCartTotals(reportError);
  const checkout = useCheckout(reportError);
  const buyable = items.filter((item) => item.available !== false);

  let body;
  if (loading && items.length === 0) {
    body = <Skeleton active avatar paragraph={{ rows: 2 }} style={{ padding: 24 }} />;
  } else if (items.length === 0) {
    body = <EmptyCart findBeatsPath={findBeatsPath} />;
  } else {
    body = (
      <>
        <ul aria-label="Beats in your cart" style={{ listStyle: 'none', margin: 0, padding: '8px 0' }}>
          {items.map((item) => (
            <CartItemRow
              key={item.beatId}
              item={item}
              removing={removing === item.beatId}
              onRemove={() => remove(item)}
            />
          ))}
        </ul>
        <OrderSummary
          totals={totals}
          checkingOut={checkout.checkingOut}
          disabled={loading || removing !== null || buyable.length === 0}
          onCheckOut={() => void checkout.checkOut()}
        />
      </>
    );
  }

  return (
    <RemoteTheme>
      {holder}
      {modalHolder}
      <div data-testid="cart-page" style={{ maxWidth: 960, margin: '0 auto' }}>
        {body}
      </div>
      <GuestCheckoutDialog
        open={checkout.guest.open}
        onClose={checkout.guest.close}
        onLogIn={checkout.logIn}
        onGuest={(email) => void checkout.checkOut(email)}
      />
      {checkout.sessionId ? (
        <TestPaymentDialog
          sessionId={checkout.sessionId}
          amount={checkout.amountDue ?? totals?.checkoutTotal}
          onClose={checkout.closePayment}
          onPaid={checkout.paid}
        />
      ) : null}
    </RemoteTheme>
  );
}

function EmptyCart({ findBeatsPath }: { findBeatsPath: string }) {
  return (
    <Empty
      data-testid="cart-empty"
      image={<ShoppingCartOutlined style={{ color: '#7c3aed', fontSize: 64 }} aria-hidden />}
      description={<span style={{ fontSize: 16, fontWeight: 600 }}>Your Cart Empty</span>}
      style={{ padding: '48px 16px' }}
    >
      <Link to={findBeatsPath}>
        <Button type="primary">Find Beats</Button>
      </Link>
    </Empty>
  );
}
