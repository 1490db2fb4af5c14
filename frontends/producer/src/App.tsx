import { RemotePages, type RemoteAppProps } from '@beatmatch/frontend-common';
import { producerPages } from './pages';

/** The producer remote: its own logged-in pages, routed under the basename the host gives. */
export default function App({ basename }: RemoteAppProps) {
  return <RemotePages pages={producerPages} basename={basename} />;
}
