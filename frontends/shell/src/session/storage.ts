// What the browser keeps between visits (artist-side spec §3, §4). The signed-in flag, the cart and
// the device uuid are the frontend SDK's (frontends/common/src/sdk).

const REDIRECT_KEY = 'redirectPath';

export const DEFAULT_SIGNED_IN_PATH = '/user/matchmaker';

/** The last /user path, so login can bring the user back to it. */
export const redirectPath = {
  remember: (path: string) => {
    if (path === '/user' || path.startsWith('/user/')) sessionStorage.setItem(REDIRECT_KEY, path);
  },
  get: () => sessionStorage.getItem(REDIRECT_KEY) ?? DEFAULT_SIGNED_IN_PATH,
};
