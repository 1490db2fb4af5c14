import type { ReactNode } from 'react';
import { Route, Routes, BrowserRouter, useInRouterContext, useLocation } from 'react-router-dom';
import { ComingSoon } from './ComingSoon';
import { NotFound } from './NotFound';
import { USER_BASENAME, type PageInfo } from './pages';

export interface RemoteAppProps {
  /** Where the host mounts the remote, e.g. '/user'. Paths inside are relative to it. */
  basename: string;
  /** The host's SDK version (SDK_VERSION); a remote built with another one says so. */
  sdkVersion?: string;
}

function RemoteNotFound() {
  const { pathname } = useLocation();
  return <NotFound path={pathname} withHeading={false} home={USER_BASENAME} />;
}

/**
 * The routes of one remote's logged-in pages, from the remote's own page list. Inside the host,
 * react-router is a shared singleton and the host mounts the remote under a splat route at the
 * basename, so relative routes resolve there; running alone, the remote brings its own router.
 * The top bar (the host's) names the page, so the body does not repeat the title.
 */
export function RemotePages({
  pages,
  basename,
  elements = {},
}: RemoteAppProps & {
  pages: readonly PageInfo[];
  /** The pages that have their own screen, by path; the others show the coming-soon placeholder. */
  elements?: Partial<Record<string, ReactNode>>;
}) {
  const inRouter = useInRouterContext();
  const routes = (
    <Routes>
      {pages.map((page) =>
        page.path === '' ? (
          <Route key="index" index element={elements[''] ?? <ComingSoon />} />
        ) : (
          <Route key={page.path} path={`${page.path}/*`} element={elements[page.path] ?? <ComingSoon />} />
        ),
      )}
      <Route path="*" element={<RemoteNotFound />} />
    </Routes>
  );
  return inRouter ? routes : <BrowserRouter basename={basename}>{routes}</BrowserRouter>;
}
