import { z } from 'zod';
import type { RegisteredServiceName } from '../services';

/*
 * One API call, declared once: the gateway's route table, the OpenAPI document, the authorization
 * matrix, the frontends' typed SDK call and the service's route registration are all read from it.
 */

/**
 * Who may call:
 * - anonymous: anyone, signed in or not;
 * - device: anyone, a visitor being the device the gateway vouches for (its device cookie): a visitor
 *   without one is refused;
 * - user: a signed-in user (401 otherwise);
 * - plan: a signed-in user with a paid plan of the call's side (401 signed out, 403 without the plan);
 * - owner: a signed-in user acting on a resource of their own (a beat, a pack, a purchase, a payout
 *   setting): 401 signed out, 403 or 404 on another's;
 * - admin: a signed-in user holding the admin role (401 signed out, 403 otherwise).
 */
export type CallAccess = 'anonymous' | 'device' | 'user' | 'plan' | 'owner' | 'admin';

/** Per-client-address rate-limit groups (the gateway's; each has its own window and budget). */
export type ClientLimitGroup = 'login' | 'code' | 'reset' | 'verify' | 'exclude' | 'contact';
/** Per-account groups, keyed by the e-mail in the body. */
export type AccountLimitGroup = 'login' | 'code' | 'reset';

/** An answer that is bytes (audio, images, a redirect to them), not JSON. */
export const bytes = { kind: 'bytes' } as const;
export type BytesAnswer = typeof bytes;

export interface CallDeclaration<
  Request extends z.ZodType = z.ZodType,
  Answer extends z.ZodType | BytesAnswer = z.ZodType | BytesAnswer,
> {
  /** The service that handles the call, and its path there. */
  service: RegisteredServiceName;
  path: string;
  /** POST: a JSON body (or multipart); GET: the request is the query string. */
  method: 'post' | 'get';
  summary: string;
  access: CallAccess;
  /** What the caller sends (the body of a POST, the query of a GET); absent: nothing. */
  request?: Request;
  /** What a 2xx answers: a JSON schema, or `bytes`. */
  answer: Answer;
  /** multipart/form-data: `request` describes the text fields, `file` names the file field. */
  multipart?: { file: string };
  limits?: { client?: ClientLimitGroup; account?: AccountLimitGroup };
  /** false: a payment provider's webhook, authorised by its signature (checked by the service), not CSRF. */
  csrf?: false;
  /**
   * 'public': a GET/HEAD call that needs no caller and answers everyone the same (the player's snippet
   * bytes). In the embedded profile the gateway hands it straight to the service's public handler.
   */
  lane?: 'public';
  /** Answers bytes a browser never renders as a page: the gateway sends the media security headers. */
  media?: true;
  /**
   * An admin call that only reads (a list, a running job's progress): left out of the admin action log,
   * where its polls would push the real actions off the first page. A download of personal data is not.
   */
  readsOnly?: true;
}

/**
 * Declares a call (the identity function, typed: the declaration keeps its literal schemas, and a
 * call without a request has no `request` in its type, so its handler's input is `undefined`).
 */
export function declareCall<const Declaration extends CallDeclaration>(
  declaration: Declaration,
): Declaration {
  return declaration;
}

export const isBytesAnswer = (answer: z.ZodType | BytesAnswer): answer is BytesAnswer =>
  (answer as BytesAnswer).kind === 'bytes';

/** The spec's answer to a call that only confirms: `{ message }`. */
export const messageAnswer = z.object({ message: z.string() });
