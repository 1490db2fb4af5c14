// Deep links into the logged-in area: start fetching the private layout and the page's remote at
// boot, in parallel with the session check, instead of one after the other.
import { findPage } from './catalogue';
import type { RemoteLoader } from './remotes/federation';
import { preloadRemote } from './remotes/remoteCache';

export function preloadForPath(pathname: string, loadRemote: RemoteLoader): void {
  const page = findPage(pathname);
  if (!page || localStorage.getItem('signedIn') !== 'true') return;
  void import('./layout/PrivateLayout');
  if (page.owner === 'producer' || page.owner === 'artist') preloadRemote(loadRemote, page.owner);
}
