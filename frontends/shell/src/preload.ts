// Deep links into the logged-in area: start fetching the page's remote (and, where the side menu is
// a column, the menu) at boot, in parallel with the session check, instead of one after the other.
import { findPage } from './catalogue';
import { NAV_BREAKPOINT } from './layout/layoutMode';
import type { RemoteLoader } from './remotes/federation';
import { preloadRemote } from './remotes/remoteCache';

/** Public pages opened directly: their chunk starts loading at boot, not after the first render. */
const PUBLIC_PAGE_CHUNKS: Record<string, () => Promise<unknown>> = {
  '/login': () => import('./pages/Login'),
  '/signup': () => import('./pages/SignUp'),
  '/resetPassword': () => import('./pages/ResetPassword'),
};

export function preloadForPath(pathname: string, loadRemote: RemoteLoader): void {
  if (Object.hasOwn(PUBLIC_PAGE_CHUNKS, pathname)) void PUBLIC_PAGE_CHUNKS[pathname]!();
  const page = findPage(pathname);
  if (!page || localStorage.getItem('signedIn') !== 'true') return;
  if (window.innerWidth >= NAV_BREAKPOINT) void import('./layout/SideNavigation');
  if (page.owner === 'producer' || page.owner === 'artist') preloadRemote(loadRemote, page.owner);
}
