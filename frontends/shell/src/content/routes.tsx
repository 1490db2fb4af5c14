import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// Each content module is its own chunk, loaded only when one of its pages is opened.
const policies = () => import('./Policies');
const help = () => import('./Help');
const marketing = () => import('./Marketing');

function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((m) => ({ default: pick(m) })));
}

/** Public content routes (path without the leading slash) → page. */
export const CONTENT_ROUTES: Record<string, LazyExoticComponent<ComponentType>> = {
  producers: page(marketing, (m) => m.Producers),
  sellBeats: page(marketing, (m) => m.Producers),
  artists: page(marketing, (m) => m.Artists),
  findBeats: page(marketing, (m) => m.Artists),
  ambassadors: page(marketing, (m) => m.Ambassadors),
  about: page(marketing, (m) => m.About),
  beat: page(marketing, (m) => m.Token),
  kickstarter: page(marketing, (m) => m.Kickstarter),
  pioneers: page(marketing, (m) => m.Pioneers),
  policies: page(policies, (m) => m.PoliciesIndex),
  'policies/acceptable': page(policies, (m) => m.AcceptableUse),
  'policies/cookies': page(policies, (m) => m.Cookies),
  'policies/disclaimer': page(policies, (m) => m.Disclaimer),
  'policies/dmca': page(policies, (m) => m.Dmca),
  'policies/privacy': page(policies, (m) => m.Privacy),
  'policies/refund': page(policies, (m) => m.Refund),
  'policies/terms': page(policies, (m) => m.Terms),
  'policies/nonExclusive': page(policies, (m) => m.NonExclusiveContract),
  'policies/nonexclusive': page(policies, (m) => m.NonExclusiveContract),
  'help/faq': page(help, (m) => m.Faq),
  'help/new': page(help, (m) => m.WhatsNew),
  'help/contact': page(help, (m) => m.Contact),
};

/** The private menu's footer links (relative to /user): the same pages inside the app shell. */
export const USER_CONTENT_ROUTES: Record<string, LazyExoticComponent<ComponentType>> = {
  contact: CONTENT_ROUTES['help/contact']!,
  policies: CONTENT_ROUTES.policies!,
  faq: CONTENT_ROUTES['help/faq']!,
  pioneers: CONTENT_ROUTES.pioneers!,
  whatsNew: CONTENT_ROUTES['help/new']!,
};
