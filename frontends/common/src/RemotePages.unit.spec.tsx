/** @jest-environment jsdom */
import './testing/jsdomPolyfills';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { RemotePages } from './RemotePages';
import type { PageInfo } from './pages';

const pages: PageInfo[] = [
  { path: '', title: 'Dashboard', description: 'View stats for your uploaded beats', owner: 'producer' },
  { path: 'uploadBeats', title: 'Upload Beats', description: 'Upload your beats', owner: 'producer' },
];

function inHost(path: string) {
  // As the shell mounts a remote: under a splat route at /user.
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/user/*" element={<RemotePages pages={pages} basename="/user" />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('RemotePages', () => {
  it("routes the remote's own pages relative to the basename inside the host router", () => {
    inHost('/user/uploadBeats');
    expect(screen.getByText('This page is coming soon.')).toBeTruthy();
  });

  it('leaves the page title to the top bar: no heading repeats it', () => {
    inHost('/user/uploadBeats');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('mounts the index page at the basename itself', () => {
    inHost('/user');
    expect(screen.getByTestId('coming-soon')).toBeTruthy();
  });

  it('says "not found", not "coming soon", for a page the remote does not own', () => {
    inHost('/user/matchlist');
    expect(screen.getByTestId('not-found').textContent).toContain('There is no page at /user/matchlist');
    expect(screen.queryByTestId('coming-soon')).toBeNull();
  });

  it("shows a page's own screen where the remote has one", () => {
    render(
      <MemoryRouter initialEntries={['/user/uploadBeats']}>
        <Routes>
          <Route
            path="/user/*"
            element={<RemotePages pages={pages} basename="/user" elements={{ uploadBeats: <p>wizard</p> }} />}
          />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('wizard')).toBeTruthy();
    expect(screen.queryByTestId('coming-soon')).toBeNull();
  });

  it('brings its own router with the basename when running alone', () => {
    window.history.pushState({}, '', '/user/uploadBeats');
    render(<RemotePages pages={pages} basename="/user" />);
    expect(screen.getByTestId('coming-soon')).toBeTruthy();
  });
});
