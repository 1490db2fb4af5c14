import { RemotePages, type RemoteAppProps } from '@beatmatch/frontend-common';
import { CartPage } from './CartPage';
import { artistPages } from './pages';

/** The artist remote: its own logged-in pages, routed under the basename the host gives. */
export default function App({ basename }: RemoteAppProps) {
  return <RemotePages pages={artistPages} basename={basename} elements={{ checkout: <CartPage /> }} />;
}
