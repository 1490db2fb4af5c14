/** @jest-environment jsdom */
import './testing/jsdomPolyfills';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { RemotePages } from './RemotePages';

function inHost(path: string, owner: 'producer' | 'artist') {
  // As the shell mounts a remote: under a splat route at /user.
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/user/*" element={<RemotePages owner={owner} basename="/user" />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('RemotePages', () => {
  it('routes the artist pages relative to the basename inside the host router', () => {
    inHost('/user/matchlist', 'artist');
    expect(screen.getByRole('heading', { name: 'Match List' })).toBeTruthy();
    expect(screen.getByText('This page is coming soon.')).toBeTruthy();
  });

  it('mounts the producer dashboard at the basename itself', () => {
    inHost('/user', 'producer');
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('does not serve a page the remote does not own', () => {
    inHost('/user/matchlist', 'producer');
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeTruthy();
  });

  it('brings its own router with the basename when running alone', () => {
    window.history.pushState({}, '', '/user/uploadBeats');
    render(<RemotePages owner="producer" basename="/user" />);
    expect(screen.getByRole('heading', { name: 'Upload Beats' })).toBeTruthy();
  });
});
