import { Route, Routes, BrowserRouter, useInRouterContext } from 'react-router-dom';
import { ComingSoon } from './ComingSoon';
import { userPagesOf, type PageOwner } from './pages';

export interface RemoteAppProps {
  /** Where the host mounts the remote, e.g. '/user'. Paths inside are relative to it. */
  basename: string;
}

/**
 * The routes of one remote's logged-in pages. Inside the host, react-router is a shared singleton
 * and the host mounts the remote under a splat route at the basename, so relative routes resolve
 * there; running alone, the remote brings its own router with that basename.
 */
export function RemotePages({ owner, basename }: RemoteAppProps & { owner: Exclude<PageOwner, 'shell'> }) {
  const inRouter = useInRouterContext();
  const routes = (
    <Routes>
      {userPagesOf(owner).map((page) =>
        page.path === '' ? (
          <Route
            key="index"
            index
            element={<ComingSoon title={page.title} description={page.description} />}
          />
        ) : (
          <Route
            key={page.path}
            path={`${page.path}/*`}
            element={<ComingSoon title={page.title} description={page.description} />}
          />
        ),
      )}
      <Route
        path="*"
        element={<ComingSoon title="Not found" description={`This page is not part of the ${owner} area.`} />}
      />
    </Routes>
  );
  return inRouter ? routes : <BrowserRouter basename={basename}>{routes}</BrowserRouter>;
}
