import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import {
  ComingSoon,
  USER_BASENAME,
  findUserPage,
  publicPages,
  userPagesOf,
} from '@beatmatch/frontend-common';
import { PrivateLayout } from './layout/PrivateLayout';
import { PublicLayout } from './layout/PublicLayout';
import { Landing } from './pages/Landing';
import { Login } from './pages/Login';
import { ResetPassword } from './pages/ResetPassword';
import { SignUp } from './pages/SignUp';
import { RemoteApp } from './remotes/RemoteApp';
import { useSession } from './session/SessionContext';
import { redirectPath } from './session/storage';

const Loading = () => <Spin size="large" style={{ display: 'block', margin: '96px auto' }} />;

/** Private routes: the page only with a login; otherwise /login, remembering where the user was. */
function RequireLogin({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Loading />;
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

/** Every /user page that is not the shell's own belongs to a remote; which one, the catalogue says. */
function UserAreaPage() {
  const { pathname } = useLocation();
  const page = findUserPage(pathname);
  if (page?.owner === 'producer' || page?.owner === 'artist')
    return <RemoteApp key={page.owner} remote={page.owner} basename={USER_BASENAME} />;
  return <ComingSoon title="Page not found" description={`There is no page at ${pathname}.`} />;
}

/** The logged-in pages, relative to /user: the shell's own, then the remotes' (also /user itself). */
function UserRoutes() {
  return (
    <Routes>
      {userPagesOf('shell').map((page) => (
        <Route
          key={page.path}
          path={`${page.path}/*`}
          element={<ComingSoon title={page.title} description={page.description} />}
        />
      ))}
      <Route path="*" element={<UserAreaPage />} />
    </Routes>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<Home />} />
        <Route path="login" element={<Login />} />
        <Route path="signUp" element={<SignUp />} />
        <Route path="signup" element={<SignUp />} />
        <Route path="resetPassword" element={<ResetPassword />} />
        {publicPages.map((page) => (
          <Route
            key={page.path}
            path={page.path}
            element={<ComingSoon title={page.title} description={page.description} />}
          />
        ))}
        <Route
          path="*"
          element={<ComingSoon title="Page not found" description="There is no page at this address." />}
        />
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
  );
}
