import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { NotFound } from '@beatmatch/frontend-common';

/**
 * The artist pages a visitor reaches outside /user (artist-side spec §2 public routes): the shell
 * mounts the remote at '/' on each of those routes, and the first path segment picks the page
 * (case-insensitive: /matchList and /matchlist are the same page).
 */
export function PublicArtistPage({ pages }: { pages: Partial<Record<string, ReactNode>> }) {
  const { pathname } = useLocation();
  const first = (pathname.split('/').filter(Boolean)[0] ?? '').toLowerCase();
  const element = pages[first];
  return <>{element ?? <NotFound path={pathname} />}</>;
}
