/**
 * The verified visitor's token (privatePackSignIn step 2), kept for this browser tab: it stands for the
 * e-mail address the code was sent to until the server lets it expire.
 */
const KEY = 'beatmatch.packViewer';

export const viewerAccess = {
  get: (): string | undefined => sessionStorage.getItem(KEY) ?? undefined,
  set: (access: string) => sessionStorage.setItem(KEY, access),
};
