/** @jest-environment jsdom */
import { forgetLandingRef, REFERRAL_COOKIE, rememberLandingRef, signUpRef } from './referralCookie';

afterEach(() => forgetLandingRef());

describe('the referral cookie', () => {
  it("keeps the first landing's ref for 30 days, until sign-up", () => {
    rememberLandingRef(document, '?ref=FIRST234');
    rememberLandingRef(document, '?ref=LATER567');
    rememberLandingRef(document, '?beat=1');
    expect(document.cookie).toContain(`${REFERRAL_COOKIE}=FIRST234`);
    expect(signUpRef('LATER567')).toBe('FIRST234');
    forgetLandingRef();
    expect(document.cookie).not.toContain(REFERRAL_COOKIE);
  });

  it("falls back to the sign-up link's own ref; none without either", () => {
    expect(signUpRef(' LINK2345 ')).toBe('LINK2345');
    expect(signUpRef(null)).toBeUndefined();
    expect(signUpRef('')).toBeUndefined();
  });
});
