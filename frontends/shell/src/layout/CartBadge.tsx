import { ShoppingCartOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useCartCount } from './useCartCount';

/** The cart icon with its item count (a small badge of our own: antd's Badge is not needed here). */
export function CartBadge({ to }: { to: string }) {
  const count = useCartCount();
  return (
    <Link
      to={to}
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      style={{ position: 'relative', display: 'inline-flex', verticalAlign: 'middle', lineHeight: 1 }}
    >
      <ShoppingCartOutlined style={{ fontSize: 22, color: '#1f1f1f' }} />
      <span className="count-badge" aria-hidden>
        {count > 99 ? '99+' : count}
      </span>
    </Link>
  );
}
