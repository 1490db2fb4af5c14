import { useCart } from '@beatmatch/frontend-common/sdk';
import { useSession } from '../session/SessionContext';

/** The badge's count: the SDK's cart store (the commerce issue fills it; empty until then). */
export function useCartCount(): number {
  return useCart(useSession().cart).count;
}
