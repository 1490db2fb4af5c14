// Every logged-in page: each remote's own list (read at build time, so titles and the side menu
// show before a remote's code loads) and the shell's.
import { artistPages } from '@beatmatch/artist/pages';
import { findUserPage, type PageInfo, type PageOwner } from '@beatmatch/frontend-common';
import { producerPages } from '@beatmatch/producer/pages';
import { shellUserPages } from './pages/userPages';

export const userPages: readonly PageInfo[] = [...producerPages, ...artistPages, ...shellUserPages];

export function userPagesOf(owner: PageOwner): PageInfo[] {
  return userPages.filter((page) => page.owner === owner);
}

export const findPage = (pathname: string): PageInfo | undefined => findUserPage(userPages, pathname);
