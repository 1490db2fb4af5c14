/**
 * The service registry: every service by name with its ports in the distributed profile. The embedded
 * profile, the process runner, `npm run start:distributed`, the gateway's service URLs and the deploy
 * manifests all loop over this list; a service's code is found by convention in `services/<name>`
 * (package `@beatmatch/<name>`, whose `src/index.ts` exports `service`, a ServiceDefinition).
 *
 * Adding a service: its folder, and one line here.
 */
export const serviceRegistry = [
  { name: 'identity', port: 4001, opsPort: 9401 },
  { name: 'catalog', port: 4002, opsPort: 9402, needs: ['temporal'] },
  { name: 'matchmaker', port: 4003, opsPort: 9403 },
  { name: 'commerce', port: 4004, opsPort: 9404 },
  { name: 'payouts', port: 4005, opsPort: 9405, needs: ['temporal'] },
  { name: 'referrals', port: 4006, opsPort: 9406, needs: ['temporal'] },
] as const satisfies readonly ServiceEntry[];

export interface ServiceEntry {
  name: string;
  /** Its port in the distributed profile. */
  port: number;
  /** Its ops listener (OPS_PORT: /metrics, loopback) in the distributed profile; Prometheus scrapes it. */
  opsPort: number;
  /** Servers of the distributed stack it needs healthy before it starts (beyond postgres and kafka). */
  needs?: readonly ('temporal' | 'eventstoredb' | 's3')[];
}

export type RegisteredServiceName = (typeof serviceRegistry)[number]['name'];

export const serviceNames: readonly RegisteredServiceName[] = serviceRegistry.map((entry) => entry.name);

/** The gateway's port in the distributed profile (services listen on theirs above). */
export const GATEWAY_PORT = 8080;
/** The gateway's ops listener in the distributed profile (the services' are theirs above). */
export const GATEWAY_OPS_PORT = 9400;

export function registeredPort(name: string): number {
  const entry = serviceRegistry.find((candidate) => candidate.name === name);
  if (!entry)
    throw new Error(`"${name}" is not in the service registry (packages/contracts/src/services.ts)`);
  return entry.port;
}

/** The environment variable that carries a service's URL to the gateway, e.g. CATALOG_URL. */
export const serviceUrlVariable = (name: string) => `${name.toUpperCase().replace(/-/g, '_')}_URL`;
