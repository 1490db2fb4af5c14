// What the browser keeps between visits (artist-side spec §3, §4). The signed-in flag and the cart
// are the frontend SDK's (frontends/common/src/sdk).

const UUID_KEY = 'uuid';
const REDIRECT_KEY = 'redirectPath';

export const DEFAULT_SIGNED_IN_PATH = '/user/matchmaker';

export const deviceUuid = {
  get: () => localStorage.getItem(UUID_KEY),
  set: (uuid: string) => localStorage.setItem(UUID_KEY, uuid),
};

/** The last /user path, so login can bring the user back to it. */
export const redirectPath = {
  remember: (path: string) => {
    if (path === '/user' || path.startsWith('/user/')) sessionStorage.setItem(REDIRECT_KEY, path);
  },
  get: () => sessionStorage.getItem(REDIRECT_KEY) ?? DEFAULT_SIGNED_IN_PATH,
};
