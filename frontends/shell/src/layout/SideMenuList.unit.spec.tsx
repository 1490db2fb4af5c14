/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import type { AuthUser } from '../api/beatmatch';
import type { RemoteLoader } from '../remotes/federation';
import { SIGNED_IN_USER, fakeApi, renderShell } from '../testing/renderShell';

jest.setTimeout(60_000);

/** The admin entry of the side menu follows the roles the session answers (issue 26). */
const remote: RemoteLoader = async (name) => ({
  default: ({ basename }: { basename: string }) => <p>{`${name} at ${basename}`}</p>,
});

const sideMenuFor = async (user: AuthUser) => {
  localStorage.clear();
  localStorage.setItem('signedIn', 'true');
  const view = renderShell('/user/matchlist', {
    api: fakeApi({ auth: jest.fn(async () => user) }),
    loadRemote: remote,
  });
  const nav = await screen.findByRole('navigation', { name: 'Side menu' });
  const links = within(nav).queryAllByRole('link', { name: 'Admin' });
  view.unmount();
  return links;
};

it('shows Admin, linking to /user/admin, to an admin only', async () => {
  expect(await sideMenuFor(SIGNED_IN_USER)).toHaveLength(0);
  expect(await sideMenuFor({ ...SIGNED_IN_USER, roles: [] })).toHaveLength(0);
  const [admin] = await sideMenuFor({ ...SIGNED_IN_USER, roles: ['admin'] });
  expect(admin?.getAttribute('href')).toBe('/user/admin');
});
