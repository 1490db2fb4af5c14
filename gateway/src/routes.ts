import {
  apiCalls,
  findCall,
  type AccountLimitGroup,
  type CallDeclaration,
  type ClientLimitGroup,
  type RegisteredServiceName,
} from '@beatmatch/contracts';

export { API_PREFIX } from '@beatmatch/contracts';

/**
 * A service the gateway can route to: any service of the registry (packages/contracts/src/services.ts),
 * so a route to a service that is not registered does not compile, and a new registry line needs no
 * change here.
 */
export type ServiceName = RegisteredServiceName;

/** What the gateway needs of a call: where it goes and which checks run first (all from its declaration). */
export interface RouteTarget {
  service: ServiceName;
  path: string;
  /** Extra per-client-address rate limit group. */
  limit?: ClientLimitGroup;
  /**
   * Per-account limit group, keyed by the e-mail in the body: however many addresses an attacker
   * uses, one account gets only so many codes, resends and reset links (a new reset link voids the
   * last one, so without this anyone could keep killing a victim's link).
   */
  accountLimit?: AccountLimitGroup;
  /** false: a payment provider's webhook, authorised by its signature (checked by the service), not CSRF. */
  csrf?: false;
  /** 'public': a caller-free GET the embedded gateway hands straight to the service's public handler. */
  lane?: 'public';
  /** Answers bytes a browser never renders as a page: the media security headers (securityHeaders.ts). */
  media?: true;
}

function routeTarget(call: CallDeclaration): RouteTarget {
  return {
    service: call.service,
    path: call.path,
    ...(call.limits?.client ? { limit: call.limits.client } : {}),
    ...(call.limits?.account ? { accountLimit: call.limits.account } : {}),
    ...(call.csrf === false ? { csrf: false as const } : {}),
    ...(call.lane ? { lane: call.lane } : {}),
    ...(call.media ? { media: true as const } : {}),
  };
}

/**
 * The spec's call names → the owning service and its path, read from the one declaration of each call
 * (packages/contracts/src/api). A call that is not declared answers 404.
 */
export const routeTable: Readonly<Record<string, RouteTarget>> = Object.fromEntries(
  Object.entries(apiCalls as Record<string, CallDeclaration>).map(([name, call]) => [
    name,
    routeTarget(call),
  ]),
);

/** Looks a call name from the URL up (own keys only: the name is user input). */
export function findRoute(name: string): RouteTarget | undefined {
  return findCall(name) ? routeTable[name] : undefined;
}
