import { RemotePages, type RemoteAppProps } from '@beatmatch/frontend-common';

/** The artist remote: its logged-in pages, routed under the basename the host gives. */
export default function App({ basename }: RemoteAppProps) {
  return <RemotePages owner="artist" basename={basename} />;
}
