import { ShoppingCartOutlined } from '@ant-design/icons';
import { useCart, useSessionState } from '@beatmatch/frontend-common/sdk';

/**
 * The cart (/user/checkout): reads the cart and the signed-in user from the frontend SDK, the same
 * instances the shell uses (a shared module). Checkout arrives with the commerce issue.
 */
export function CartPage() {
  const { count } = useCart();
  const { user } = useSessionState();
  return (
    <div style={{ padding: '48px 16px', textAlign: 'center' }} data-testid="cart-page">
      <ShoppingCartOutlined style={{ color: '#7c3aed', fontSize: 64 }} aria-hidden />
      <p style={{ margin: '24px 0 8px', fontSize: 16 }}>
        {count === 0
          ? `${user ? `${user.userName}, your` : 'Your'} cart is empty.`
          : `${count} ${count === 1 ? 'beat' : 'beats'} in your cart.`}
      </p>
      <p style={{ margin: 0, color: 'rgba(0, 0, 0, 0.55)' }}>Checkout is coming soon.</p>
    </div>
  );
}
