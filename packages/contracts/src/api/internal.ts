import type { RegisteredServiceName } from '../services';

/**
 * Routes a service serves that are not API calls of the spec: what the gateway itself calls (the
 * session lookup) and the public lane's twins. Declared here so a route nobody declared fails the
 * contract spec (apps/embedded/src/contract.e2e.spec.ts).
 */
export interface InternalRoute {
  method: 'GET' | 'POST';
  path: string;
  why: string;
}

export const internalRoutes: Partial<Record<RegisteredServiceName, readonly InternalRoute[]>> = {
  identity: [
    {
      method: 'POST',
      path: '/sessions/resolve',
      why: "The gateway's session lookup: a session cookie's token → the signed-in user and their roles",
    },
    {
      method: 'POST',
      path: '/admin/actions/record',
      why: "The gateway's log of admin actions: who called which admin call, when, and its status",
    },
  ],
  commerce: [
    {
      method: 'GET',
      path: '/licences/verify',
      why: "beatmatch_license_verify's GET twin (?purchaseId=): the shell's licence page, which the PDF's QR code opens",
    },
  ],
};
