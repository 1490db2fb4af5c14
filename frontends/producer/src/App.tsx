import { RemotePages, type RemoteAppProps } from '@beatmatch/frontend-common';

/** The producer remote: its logged-in pages, routed under the basename the host gives. */
export default function App({ basename }: RemoteAppProps) {
  return <RemotePages owner="producer" basename={basename} />;
}
