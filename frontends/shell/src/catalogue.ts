// Every logged-in page: each remote's list (from common, so titles and the side menu show before a
// remote's code loads, and the shell imports nothing of the remotes) and the shell's.
import {
  artistPages,
  findUserPage,
  producerPages,
  type PageInfo,
  type PageOwner,
} from '@beatmatch/frontend-common';
import { shellUserPages } from './pages/userPages';

export const userPages: readonly PageInfo[] = [...producerPages, ...artistPages, ...shellUserPages];

export function userPagesOf(owner: PageOwner): PageInfo[] {
  return userPages.filter((page) => page.owner === owner);
}

export const findPage = (pathname: string): PageInfo | undefined => findUserPage(userPages, pathname);
