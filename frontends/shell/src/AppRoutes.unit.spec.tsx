/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, NetworkError } from './api/client';
import type { RemoteLoader } from './remotes/federation';
import { SIGNED_IN_USER, currentLocation, fakeApi, renderShell } from './testing/renderShell';
import { SPEC_SIDE_MENU } from './testing/specSideMenu';

jest.setTimeout(60_000);

/** A browser that signed in before (the SDK's signed-in flag) whose session is live. */
const signedInApi = () => {
  localStorage.setItem('signedIn', 'true');
  return fakeApi({ auth: jest.fn(async () => SIGNED_IN_USER) });
};

const remoteThatRenders =
  (text: string): RemoteLoader =>
  async (remote) => ({
    default: ({ basename }: { basename: string }) => <p>{`${text} ${remote} at ${basename}`}</p>,
  });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('routes of the shell', () => {
  it('shows the landing page to a visitor at /', async () => {
    renderShell('/');
    expect(await screen.findByRole('heading', { name: /your next hit finds you/ })).toBeTruthy();
    const header = screen.getByRole('banner');
    for (const label of [
      'For Producers',
      'For Artists',
      '$BEAT',
      'Ambassadors',
      'About',
      'Login',
      'Sign up',
    ]) {
      expect(within(header).getByRole('link', { name: label })).toBeTruthy();
    }
  });

  it('asks the gateway nothing for a visitor who never signed in (no refused call, clean console)', async () => {
    const api = fakeApi();
    renderShell('/');
    expect(await screen.findByRole('heading', { name: /your next hit finds you/ })).toBeTruthy();
    expect(api.auth).not.toHaveBeenCalled();
  });

  it('says so when the gateway cannot be reached at boot, and does not look like a logout', async () => {
    localStorage.setItem('signedIn', 'true');
    renderShell('/', { api: fakeApi({ auth: jest.fn(() => Promise.reject(new NetworkError())) }) });
    expect((await screen.findByTestId('session-unavailable')).textContent).toBe(
      'Error - please reload the page and try again.',
    );
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('link', { name: 'Login' })).toBeNull();
    expect(localStorage.getItem('signedIn')).toBe('true');
  });

  it('shows the reload message on a private page when _auth answers 502, and stays there', async () => {
    localStorage.setItem('signedIn', 'true');
    const api = fakeApi({
      auth: jest.fn(() =>
        Promise.reject(new ApiError('Error - please reload the page and try again.', 502, 'bad_gateway')),
      ),
    });
    renderShell('/user/matchlist', { api });
    expect(await screen.findByText('Error - please reload the page and try again.')).toBeTruthy();
    expect(currentLocation()).toBe('/user/matchlist');
  });

  it('says "page not found" for an unknown address, never "coming soon"', async () => {
    renderShell('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByTestId('not-found').textContent).toContain('/no/such/page');
    expect(screen.queryByTestId('coming-soon')).toBeNull();
  });

  it('offers a signed-in user the way back in on public pages', async () => {
    const api = signedInApi();
    renderShell('/about', { api });
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Open Beatmatch' })).toBeTruthy();
    expect(api.auth).toHaveBeenCalledTimes(1);
    expect(within(header).queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('sends a signed-in user from / to the matchmaker, keeping ?beat', async () => {
    renderShell('/?beat=b-42', { api: signedInApi(), loadRemote: remoteThatRenders('mounted') });
    await waitFor(() => expect(currentLocation()).toBe('/user/matchmaker?beat=b-42'));
    expect(await screen.findByText('mounted artist at /user')).toBeTruthy();
  });

  it('redirects a visitor from a private page to /login and remembers the page', async () => {
    renderShell('/user/wallet');
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(sessionStorage.getItem('redirectPath')).toBe('/user/wallet');
  });

  it('mounts producer pages from the producer remote, with the page name in the top bar', async () => {
    const loadRemote = jest.fn(remoteThatRenders('mounted'));
    renderShell('/user/payoutsHistory', { api: signedInApi(), loadRemote });
    expect(await screen.findByText('mounted producer at /user')).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Payouts History');
    expect(loadRemote).toHaveBeenCalledWith('producer');
  });

  it('mounts the producer remote at / for the public shared pack page, titled Your Beat Packs', async () => {
    const loadRemote = jest.fn(remoteThatRenders('mounted'));
    renderShell('/packs?id=u1', { api: signedInApi(), loadRemote });
    expect(await screen.findByText('mounted producer at /')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your Beat Packs' })).toBeTruthy();
  });

  it('mounts the producer remote at / for a public store, titled Store', async () => {
    const loadRemote = jest.fn(remoteThatRenders('mounted'));
    renderShell('/lab/ann-id', { api: signedInApi(), loadRemote });
    expect(await screen.findByText('mounted producer at /')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Store' })).toBeTruthy();
  });

  it('mounts Account Settings (My Profile) from the producer remote', async () => {
    const loadRemote = jest.fn(remoteThatRenders('mounted'));
    renderShell('/user/account', { api: signedInApi(), loadRemote });
    expect(await screen.findByText('mounted producer at /user')).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Account Settings');
  });

  it('mounts the producer remote for the dashboard at /user itself', async () => {
    const loadRemote = jest.fn(remoteThatRenders('mounted'));
    renderShell('/user', { api: signedInApi(), loadRemote });
    expect(await screen.findByText('mounted producer at /user')).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Dashboard');
  });

  it('mounts the beat battle pages from the artist remote, titled in the top bar', async () => {
    const loadRemote = jest.fn(remoteThatRenders('mounted'));
    renderShell('/user/beatBattle', { api: signedInApi(), loadRemote });
    expect(await screen.findByText('mounted artist at /user')).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Beat Battle');
  });

  it('shows an error panel with a retry when a remote cannot load', async () => {
    const loadRemote = jest
      .fn<ReturnType<RemoteLoader>, Parameters<RemoteLoader>>()
      .mockRejectedValueOnce(new Error('Failed to get manifest'))
      .mockImplementation(remoteThatRenders('recovered'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderShell('/user/matchlist', { api: signedInApi(), loadRemote });
    expect(await screen.findByText('The artist pages could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('recovered artist at /user')).toBeTruthy();
  });

  it('has the side menu of the spec, with its footer', async () => {
    renderShell('/user/matchlist', { api: signedInApi(), loadRemote: remoteThatRenders('mounted') });
    const nav = await screen.findByRole('navigation', { name: 'Side menu' });
    for (const label of SPEC_SIDE_MENU) {
      expect(within(nav).getAllByText(label).length).toBeGreaterThan(0);
    }
    for (const label of ['Contact', 'Policies', 'FAQ', 'Pioneers', 'PHASE 4.7', "What's New"]) {
      expect(screen.getByText(label)).toBeTruthy();
    }
  });

  it('marks the current page, opens and closes groups, and opens the column from a group icon', async () => {
    renderShell('/user/payouts', { api: signedInApi(), loadRemote: remoteThatRenders('mounted') });
    const nav = await screen.findByRole('navigation', { name: 'Side menu' });
    // The current page's group is open and the page is marked.
    expect(within(nav).getByRole('link', { name: 'Payouts' }).getAttribute('aria-current')).toBe('page');
    const marketplace = within(nav).getByRole('button', { name: 'Marketplace' });
    expect(marketplace.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(marketplace);
    expect(within(nav).getByRole('link', { name: 'Text Search' }).getAttribute('href')).toBe(
      '/user/textSearch',
    );
    fireEvent.click(marketplace);
    expect(within(nav).queryByRole('link', { name: 'Text Search' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(document.querySelector('[data-layout="nav-icon"]')).toBeTruthy());
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Side menu' })).getByRole('button', {
        name: 'Marketplace',
      }),
    );
    await waitFor(() => expect(document.querySelector('[data-layout="nav-open"]')).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Text Search' })).toBeTruthy();
  });

  it('keeps the footer links inside the app, and keeps them in icon mode', async () => {
    renderShell('/user/matchlist', { api: signedInApi(), loadRemote: remoteThatRenders('mounted') });
    const expected = {
      Contact: '/user/contact',
      Policies: '/user/policies',
      FAQ: '/user/faq',
      Pioneers: '/user/pioneers',
      "What's New": '/user/whatsNew',
    };
    for (const [label, href] of Object.entries(expected))
      expect((await screen.findByRole('link', { name: label })).getAttribute('href')).toBe(href);
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(document.querySelector('[data-layout="nav-icon"]')).toBeTruthy());
    for (const [label, href] of Object.entries(expected))
      expect(screen.getByRole('link', { name: label }).getAttribute('href')).toBe(href);
  });

  it('logs out: clears the stored cart and goes to /login', async () => {
    localStorage.setItem('cart', JSON.stringify([{ beatId: 'b1', beatPackage: 'First Date Package' }]));
    const api = signedInApi();
    renderShell('/user/matchlist', { api, loadRemote: remoteThatRenders('mounted') });
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(api.logout).toHaveBeenCalled();
    expect(localStorage.getItem('cart')).toBeNull();
  });
});
