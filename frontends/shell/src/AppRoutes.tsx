import { Suspense, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { USER_BASENAME, publicPages } from '@beatmatch/frontend-common';
import { findPage, userPagesOf } from './catalogue';
import { PublicLayout } from './layout/PublicLayout';
// The private frame is light (its menu and top-bar actions are chunks of their own): in the main
// bundle, so a deep link paints its top bar in the first render.
import { PrivateLayout } from './layout/PrivateLayout';
// The landing page is most visitors' first paint: in the main bundle (it is small), not a chunk.
import { Landing } from './pages/Landing';
import { useSession } from './session/SessionContext';
import { CONTENT_ROUTES, USER_CONTENT_ROUTES } from './content/routes';
import { redirectPath } from './session/storage';

// Each screen is its own chunk: a visitor's first page loads only what it shows.
const Login = lazy(() => import('./pages/Login').then((m) => ({ default: m.Login })));
const SignUp = lazy(() => import('./pages/SignUp').then((m) => ({ default: m.SignUp })));
const ResetPassword = lazy(() => import('./pages/ResetPassword').then((m) => ({ default: m.ResetPassword })));
const LicenceVerify = lazy(() => import('./pages/LicenceVerify').then((m) => ({ default: m.LicenceVerify })));
const LifetimeMembership = lazy(() =>
  import('./pages/LifetimeMembership').then((m) => ({ default: m.LifetimeMembership })),
);
const ComingSoon = lazy(() => import('./pages/placeholders').then((m) => ({ default: m.ComingSoon })));
const NotFound = lazy(() => import('./pages/placeholders').then((m) => ({ default: m.NotFound })));
const SessionUnavailable = lazy(() =>
  import('./pages/placeholders').then((m) => ({ default: m.SessionUnavailable })),
);

import type { RemoteName } from './remotes/federation';

const RemoteApp = lazy(() => import('./remotes/RemoteApp').then((m) => ({ default: m.RemoteApp })));

/** Public pages a remote serves (mounted at '/'; it picks the page by the path), by path. */
const REMOTE_PUBLIC_PATHS: Record<string, RemoteName> = {
  '/matchmaker': 'artist',
  '/matchList': 'artist',
  '/playHistory': 'artist',
  '/textSearch': 'artist',
  '/youtubeSearch': 'artist',
  '/spotifySearch': 'artist',
  '/mySoundAnalyzer': 'artist',
  '/checkout': 'artist',
  '/purchase': 'artist',
  '/packs': 'producer',
  '/lab/:userId': 'producer',
};
const isRemotePublicPath = (path: string) => Object.hasOwn(REMOTE_PUBLIC_PATHS, path);

function PublicRemotePage({ title, remote }: { title: string; remote: RemoteName }) {
  return (
    <>
      <h1 style={{ fontSize: 28, margin: '0 0 8px', textAlign: 'center' }}>{title}</h1>
      <RemoteApp remote={remote} basename="/" />
    </>
  );
}

/** Holds the page's place while a screen's code or the session loads (no layout shift after). */
export const Loading = () => <div className="page-loading" role="status" aria-label="Loading" />;

/** Private routes: the page only with a login; otherwise /login, remembering where the user was. */
function RequireLogin({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'signedOut') {
    redirectPath.remember(location.pathname + location.search);
    return <Navigate to="/login" replace />;
  }
  return <>{children}</>;
}

/** `/` sends a signed-in user to the matchmaker, keeping ?beat. */
function Home() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Loading />;
  if (status === 'signedIn') {
    const beat = new URLSearchParams(location.search).get('beat');
    return <Navigate to={`/user/matchmaker${beat ? `?beat=${encodeURIComponent(beat)}` : ''}`} replace />;
  }
  return <Landing />;
}

/** Every /user page that is not the shell's own belongs to a remote; which one, its page list says. */
function UserAreaPage() {
  const { pathname } = useLocation();
  const { status } = useSession();
  const page = findPage(pathname);
  if (status === 'unavailable') return <SessionUnavailable />;
  // While the session of a browser that signed in before is checked, the page already loads and
  // renders (an "unauthenticated" answer then sends the user to /login).
  if (page?.owner === 'producer' || page?.owner === 'artist')
    return <RemoteApp key={page.owner} remote={page.owner} basename={USER_BASENAME} />;
  return <NotFound path={pathname} withHeading={false} home={USER_BASENAME} />;
}

/** The shell's own /user pages that are built (the others are still coming soon). */
const SHELL_USER_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  lifetimeMembership: LifetimeMembership,
};

function ShellUserPage({ path, description }: { path: string; description: string }) {
  const { status } = useSession();
  if (status === 'unavailable') return <SessionUnavailable />;
  const Screen = SHELL_USER_SCREENS[path];
  if (Screen) return <Screen />;
  // The top bar names the page; the body does not repeat it.
  return <ComingSoon description={description} />;
}

/** The logged-in pages, relative to /user: the shell's own, then the remotes' (also /user itself). */
function UserRoutes() {
  return (
    <Routes>
      {Object.entries(USER_CONTENT_ROUTES).map(([path, Page]) => (
        <Route key={path} path={path} element={<Page />} />
      ))}
      {userPagesOf('shell').map((page) => (
        <Route
          key={page.path}
          path={`${page.path}/*`}
          element={<ShellUserPage path={page.path} description={page.description} />}
        />
      ))}
      <Route path="*" element={<UserAreaPage />} />
    </Routes>
  );
}

function PublicNotFound() {
  const { pathname } = useLocation();
  return <NotFound path={pathname} />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<Home />} />
          <Route path="login" element={<Login />} />
          <Route path="signUp" element={<SignUp />} />
          <Route path="signup" element={<SignUp />} />
          <Route path="resetPassword" element={<ResetPassword />} />
          {/* Public: the licence PDF's address and QR code (LICENCE_VERIFY_PAGE) lead here. */}
          <Route path="license/verify/:purchaseId" element={<LicenceVerify />} />
          {Object.entries(CONTENT_ROUTES).map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          {publicPages
            .filter((page) => isRemotePublicPath(page.path))
            .map((page) => (
              <Route
                key={page.path}
                path={page.path}
                element={<PublicRemotePage title={page.title} remote={REMOTE_PUBLIC_PATHS[page.path]!} />}
              />
            ))}
          {publicPages
            .filter((page) => !(page.path.slice(1) in CONTENT_ROUTES) && !isRemotePublicPath(page.path))
            .map((page) => (
              <Route
                key={page.path}
                path={page.path}
                element={<ComingSoon title={page.title} description={page.description} />}
              />
            ))}
          <Route path="*" element={<PublicNotFound />} />
        </Route>
        <Route
          path={`${USER_BASENAME}/*`}
          element={
            <RequireLogin>
              <PrivateLayout>
                <UserRoutes />
              </PrivateLayout>
            </RequireLogin>
          }
        />
      </Routes>
    </Suspense>
  );
}
