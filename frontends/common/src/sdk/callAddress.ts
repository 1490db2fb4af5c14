// What the SDK knows of a declared call without its schemas: the names by how they travel
// (contracts' callTransport, generated without zod so no schema reaches the bundle) and addresses.
import {
  callTransport,
  callUrl,
  type CallAnswer,
  type CallName,
  type CallRequest,
} from '@beatmatch/contracts';

/** The arguments after a call's name: its request, or nothing for a call that takes none. */
export type CallArgs<N extends CallName> = CallRequest<N> extends undefined ? [] : [request: CallRequest<N>];

type Transports = typeof callTransport;

/** Calls sent as multipart/form-data (a file and text fields). */
export type MultipartCallName = {
  [N in CallName]: Transports[N] extends { multipart: string } ? N : never;
}[CallName];

/** Calls answered with bytes: an element loads them from their address (`callAddress`). */
export type BytesCallName = { [N in CallName]: CallAnswer<N> extends Blob ? N : never }[CallName];

/** Calls asked and answered in JSON. */
export type JsonCallName = Exclude<CallName, MultipartCallName | BytesCallName>;

/** A request as a query string (fields left undefined are left out). */
export function queryString(request: object | undefined): string {
  const fields = Object.entries(request ?? {}).filter(([, value]) => value !== undefined);
  return fields.length ? `?${new URLSearchParams(fields.map(([key, value]) => [key, String(value)]))}` : '';
}

/**
 * A call's address with its request as the query string: what a GET fetches, and what an element
 * loads (`<audio src>` for a snippet or the producer's full beat, a cover image).
 */
export function callAddress<N extends CallName>(name: N, ...request: CallArgs<N>): string {
  return `${callUrl(name)}${queryString(request[0] as object | undefined)}`;
}

/** Whether a call is declared as a GET (its request travels as the query string, no CSRF header). */
export const isGetCall = (name: CallName) => callTransport[name].method === 'get';

/** The form field a multipart call's file travels in. */
export const fileField = (name: MultipartCallName) => callTransport[name].multipart;
