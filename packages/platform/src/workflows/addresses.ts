/**
 * The Temporal frontends this process uses, noted by the client and worker factories; readiness checks
 * each one. Its own module, so readiness does not load Temporal's SDK in a service that has no use for it.
 */
export const temporalAddressesInUse = new Set<string>();
