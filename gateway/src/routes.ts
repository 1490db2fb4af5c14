import type { RegisteredServiceName } from '@beatmatch/contracts';

/**
 * A service the gateway can route to: any service of the registry (packages/contracts/src/services.ts),
 * so a route to a service that is not registered does not compile, and a new registry line needs no
 * change here.
 */
export type ServiceName = RegisteredServiceName;

export interface RouteTarget {
  service: ServiceName;
  path: string;
  /** Extra per-client-address rate limit group. */
  limit?: 'login' | 'code' | 'reset' | 'verify' | 'exclude';
  /**
   * Per-account limit group, keyed by the e-mail in the body: however many addresses an attacker
   * uses, one account gets only so many codes, resends and reset links (a new reset link voids the
   * last one, so without this anyone could keep killing a victim's link).
   */
  accountLimit?: 'login' | 'code' | 'reset';
  /** false: a payment provider's webhook, authorised by its signature (checked by the service), not CSRF. */
  csrf?: false;
  /**
   * 'public': a GET/HEAD route that needs no caller and answers everyone the same (the player's snippet
   * bytes). When its service runs in the gateway's process and offers a public handler for the path, the
   * gateway calls that handler right after the request id and security headers, skipping cookies, CSRF
   * (never checked on GET), the session and the internal token. Proxied, it goes the usual way.
   */
  lane?: 'public';
  /** Answers bytes a browser never renders as a page: the media security headers (securityHeaders.ts). */
  media?: true;
}

export const API_PREFIX = '/api/';

/**
 * The spec's route names (artist-side spec §7, producer-side spec) → the owning service and its path.
 * Routes of features that later issues build are absent here and answer 404 until then.
 */
export const routeTable: Readonly<Record<string, RouteTarget>> = {
  beatmatch_auth: { service: 'identity', path: '/me' },
  beatmatch_login: { service: 'identity', path: '/login', limit: 'login', accountLimit: 'login' },
  beatmatch_login_auth_resend: {
    service: 'identity',
    path: '/login/resend',
    limit: 'code',
    accountLimit: 'code',
  },
  beatmatch_logout: { service: 'identity', path: '/logout' },
  beatmatch_signup: { service: 'identity', path: '/signup', limit: 'login', accountLimit: 'code' },
  beatmatch_forgot_password: {
    service: 'identity',
    path: '/forgot-password',
    limit: 'reset',
    accountLimit: 'reset',
  },
  reset_beatmatchs_password: { service: 'identity', path: '/reset-password', limit: 'reset' },
  // Opening a reset link only checks it: its own, roomier group, so opening the page does not use up
  // the attempts of the reset itself.
  beatmatch_jwt_authenticate: { service: 'identity', path: '/reset-password/verify', limit: 'verify' },
  // Each call appends to a stream: limited per client like the code routes.
  beatmatch_exclude: { service: 'identity', path: '/devices', limit: 'exclude' },
  // Content pages: the contact form (limited per sender address by identity) and the whitepaper link.
  _contact: { service: 'identity', path: '/contact' },
  get_whitepaper: { service: 'identity', path: '/whitepaper' },
  // Catalog (producer-side spec §7): the upload wizard, Manage Beats and the public cover images.
  beatmatch_last_uploaded_price: { service: 'catalog', path: '/uploads/last-price' },
  beatmatch_create_reference: { service: 'catalog', path: '/uploads/reference' },
  get_presignedUrl: { service: 'catalog', path: '/uploads/url' },
  aws_upload: { service: 'catalog', path: '/uploads/confirm' },
  beatmatch_upload_beat: { service: 'catalog', path: '/uploads/finalize' },
  beatmatch_manage_beats: { service: 'catalog', path: '/beats/manage' },
  beatmatch_manage_beats_get_tags: { service: 'catalog', path: '/beats/tags' },
  beatmatch_manage_beats_delete: { service: 'catalog', path: '/beats/delete' },
  beatmatch_manage_beats_edit: { service: 'catalog', path: '/beats/prices' },
  beatmatch_change_name: { service: 'catalog', path: '/beats/name' },
  beatmatch_get_cover_art_url: { service: 'catalog', path: '/beats/cover-url' },
  beatmatch_manage_beats_change_cover_art: { service: 'catalog', path: '/beats/cover' },
  beatmatch_manage_beats_play_beat: { service: 'catalog', path: '/beats/play' },
  beatmatch_get_totals: { service: 'catalog', path: '/beats/totals' },
  beatmatch_cover_art: { service: 'catalog', path: '/covers' },
  // Marketing pages (producer-side spec §7): the Pioneers list and the example beat with its DNA.
  beatmatch_pioneers: { service: 'catalog', path: '/showcase/pioneers' },
  beatmatch_example_drake: { service: 'catalog', path: '/showcase/example/audio' },
  beatmatch_example_get_tags: { service: 'catalog', path: '/showcase/example/tags' },
  // Matchmaker (artist-side spec §7): the swipe player, Match List, Play History and lyrics.
  beatmatch_beat_play: { service: 'matchmaker', path: '/player/next' },
  beatmatch_load_beat_param: { service: 'matchmaker', path: '/player/beat' },
  beatmatch_beat_play_snippet: {
    service: 'matchmaker',
    path: '/player/snippet',
    lane: 'public',
    media: true,
  },
  total_beats: { service: 'matchmaker', path: '/player/total' },
  add_play: { service: 'matchmaker', path: '/plays' },
  get_match_count: { service: 'matchmaker', path: '/matches/count' },
  beatmatch_matchlist: { service: 'matchmaker', path: '/matches' },
  beatmatch_matchlist_remove: { service: 'matchmaker', path: '/matches/remove' },
  beatmatch_add_to_match_list: { service: 'matchmaker', path: '/matches/add' },
  beatmatch_play_history: { service: 'matchmaker', path: '/history' },
  get_lyrics: { service: 'matchmaker', path: '/lyrics/get' },
  save_lyrics: { service: 'matchmaker', path: '/lyrics/save' },
  // Commerce (artist-side spec §7): cart, checkout, purchases, downloads, licences, plans.
  get_cart_items: { service: 'commerce', path: '/cart/items' },
  update_to_cart: { service: 'commerce', path: '/cart/update' },
  beatmatch_checkout: { service: 'commerce', path: '/checkout' },
  beatmatch_test_checkout_pay: { service: 'commerce', path: '/checkout/test-pay' },
  // Stripe's webhook: the signature is checked by commerce on the raw body the gateway passes through.
  stripe_webhook: { service: 'commerce', path: '/webhooks/stripe', csrf: false },
  retrieve_puchases: { service: 'commerce', path: '/purchases' },
  get_downloadable: { service: 'commerce', path: '/downloads' },
  beatmatch_license_verify: { service: 'commerce', path: '/licences/verify' },
  member_active_status: { service: 'commerce', path: '/members/status' },
  create_subscription_checkout: { service: 'commerce', path: '/subscriptions/checkout' },
  create_lifetime_checkout: { service: 'commerce', path: '/lifetime/checkout' },
  cancel_subscription: { service: 'commerce', path: '/subscriptions/cancel' },
  create_portal_session: { service: 'commerce', path: '/subscriptions/portal' },
  // A plan billed by PayPal (create, then confirm with subId after approval); PayPal's webhook is
  // verified by commerce through PayPal's verify call on the raw body the gateway passes through.
  createPaypalSubscription: { service: 'commerce', path: '/subscriptions/paypal' },
  paypal_webhook: { service: 'commerce', path: '/webhooks/paypal', csrf: false },
};

/**
 * Looks a route name from the URL up in the table. The name is user input: only the table's own keys
 * match (a plain `routeTable[name]` would find `__proto__`, `constructor`, `toString`, ...).
 */
export function findRoute(name: string): RouteTarget | undefined {
  return Object.hasOwn(routeTable, name) ? routeTable[name] : undefined;
}
