import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { publicPages } from '@beatmatch/frontend-common';
import { findPage } from '../catalogue';

const AUTH_TITLES: Record<string, string> = {
  '/login': 'Login',
  '/signUp': 'Sign up',
  '/signup': 'Sign up',
  '/resetPassword': 'Reset your password',
};

export function pageTitleFor(pathname: string): string | undefined {
  return (
    findPage(pathname)?.title ??
    AUTH_TITLES[pathname] ??
    publicPages.find((page) => matchPath(page.path, pathname))?.title
  );
}

/** The browser tab names the page, as the top bar does. */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = pageTitleFor(pathname);
    document.title = title ? `${title} · Beatmatch` : 'Beatmatch';
  }, [pathname]);
}
