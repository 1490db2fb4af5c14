/**
 * The `ref` of a visitor's first landing (issue 23: a cookie, 30 days) is kept until sign-up, so a
 * visitor who came through a /signup?ref={code} link and looked around first is still attributed. The
 * first landing's code wins: a later link does not replace it. Referrals checks the code at sign-up.
 */
export const REFERRAL_COOKIE = 'beatmatch_ref';
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

function storedRef(cookies: string): string | undefined {
  const entry = cookies.split('; ').find((cookie) => cookie.startsWith(`${REFERRAL_COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(REFERRAL_COOKIE.length + 1)) || undefined : undefined;
}

/** On any landing: keeps the URL's `ref` unless one is kept already. */
export function rememberLandingRef(doc: Document = document, search = window.location.search) {
  const ref = new URLSearchParams(search).get('ref')?.trim();
  if (!ref || storedRef(doc.cookie)) return;
  doc.cookie = `${REFERRAL_COOKIE}=${encodeURIComponent(ref)}; Max-Age=${THIRTY_DAYS_SECONDS}; Path=/; SameSite=Lax`;
}

/** The code a sign-up carries: the first landing's, else the sign-up link's own. */
export const signUpRef = (urlRef: string | null, doc: Document = document) =>
  storedRef(doc.cookie) ?? (urlRef?.trim() || undefined);

/** After the sign-up the code has been used. */
export function forgetLandingRef(doc: Document = document) {
  doc.cookie = `${REFERRAL_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
