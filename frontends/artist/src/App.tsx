import { Suspense, lazy, type ReactNode } from 'react';
import { RemotePages, type RemoteAppProps } from '@beatmatch/frontend-common';
import { artistPages } from './pages';

// Each page is a chunk of its own: opening one loads only what it shows.
const CartPage = lazy(() => import('./commerce/CartPage').then((m) => ({ default: m.CartPage })));
const PurchasesPage = lazy(() =>
  import('./commerce/PurchasesPage').then((m) => ({ default: m.PurchasesPage })),
);
const SubscriptionPage = lazy(() =>
  import('./commerce/SubscriptionPage').then((m) => ({ default: m.SubscriptionPage })),
);

const page = (element: ReactNode) => (
  <Suspense fallback={<div className="page-loading" role="status" aria-label="Loading" />}>
    {element}
  </Suspense>
);

/** The artist remote: its own logged-in pages, routed under the basename the host gives. */
export default function App({ basename }: RemoteAppProps) {
  return (
    <RemotePages
      pages={artistPages}
      basename={basename}
      elements={{
        checkout: page(<CartPage />),
        purchases: page(<PurchasesPage />),
        marketplace_pro: page(<SubscriptionPage type="artist" />),
      }}
    />
  );
}
