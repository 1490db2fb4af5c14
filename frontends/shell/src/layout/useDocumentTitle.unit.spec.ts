import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { pageTitleFor } from './useDocumentTitle';

describe('pageTitleFor', () => {
  it('names logged-in, auth and public pages', () => {
    expect(pageTitleFor('/user/marketplace_pro')).toBe('Marketplace Pro');
    expect(pageTitleFor('/signUp')).toBe('Sign up');
    expect(pageTitleFor('/lab/u-42')).toBe('Store');
    expect(pageTitleFor('/policies/nonExclusive')).toBe('Non Exclusive Contract');
    expect(pageTitleFor('/nowhere')).toBeUndefined();
  });
});
