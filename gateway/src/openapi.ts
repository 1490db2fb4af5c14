import { z } from 'zod';
import {
  forgotPasswordRequestSchema,
  jwtAuthenticateRequestSchema,
  loginRequestSchema,
  resendCodeRequestSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
  contactRequestSchema,
  beatIdRequestSchema,
  changeNameRequestSchema,
  confirmUploadRequestSchema,
  createReferenceRequestSchema,
  deleteBeatRequestSchema,
  editPricesRequestSchema,
  finalizeUploadFieldsSchema,
  presignedUrlRequestSchema,
  addPlayRequestSchema,
  addToMatchListRequestSchema,
  beatPlayRequestSchema,
  getLyricsRequestSchema,
  listenerRequestSchema,
  loadBeatParamRequestSchema,
  matchListRemoveRequestSchema,
  saveLyricsRequestSchema,
  checkoutRequestSchema,
  getCartItemsRequestSchema,
  getDownloadableRequestSchema,
  licenceVerifyRequestSchema,
  memberStatusRequestSchema,
  testPayRequestSchema,
  updateCartRequestSchema,
  subscriptionCheckoutRequestSchema,
  lifetimeCheckoutRequestSchema,
  paypalSubscriptionRequestSchema,
} from '@beatmatch/contracts';
import { API_PREFIX, routeTable } from './routes';
import { SESSION_COOKIE } from './session';

/**
 * The API's OpenAPI 3.1 document, generated from the same zod schemas the services validate with
 * (zod's own JSON Schema output, input side: what a client sends). Every route of the gateway's route
 * table must have an entry here (openapi.unit.spec.ts fails otherwise), so the document, the
 * authorization matrix and the fuzzing that read it cover a new route from its first commit.
 */
export interface RouteDoc {
  method: 'post' | 'get';
  summary: string;
  /** public: anyone (CSRF token still required); session: a signed-in user, 401 otherwise. */
  access: 'public' | 'session';
  body?: z.ZodType;
  /** multipart/form-data instead of JSON (`body` then describes the text fields; `file` names the file field). */
  multipart?: { file: string };
  /** Query parameters of a GET route (all strings). */
  query?: Record<string, { required: boolean; description: string }>;
}

export const routeDocs: Readonly<Record<string, RouteDoc>> = {
  _contact: {
    method: 'post',
    summary: 'Send a message to the support mailbox (limited per sender address)',
    access: 'public',
    body: contactRequestSchema,
  },
  get_whitepaper: { method: 'post', summary: 'The $BEAT whitepaper link', access: 'public' },
  beatmatch_auth: { method: 'post', summary: 'The signed-in user', access: 'session' },
  beatmatch_login: {
    method: 'post',
    summary: 'Log in (password, then the e-mailed code, then the survey)',
    access: 'public',
    body: loginRequestSchema,
  },
  beatmatch_login_auth_resend: {
    method: 'post',
    summary: 'Send a new login code',
    access: 'public',
    body: resendCodeRequestSchema,
  },
  beatmatch_logout: { method: 'post', summary: 'End this session', access: 'public' },
  beatmatch_signup: {
    method: 'post',
    summary: 'Create an account',
    access: 'public',
    body: signupRequestSchema,
  },
  beatmatch_forgot_password: {
    method: 'post',
    summary: 'E-mail a password reset link',
    access: 'public',
    body: forgotPasswordRequestSchema,
  },
  reset_beatmatchs_password: {
    method: 'post',
    summary: 'Set a new password with a reset link',
    access: 'public',
    body: resetPasswordRequestSchema,
  },
  beatmatch_jwt_authenticate: {
    method: 'post',
    summary: 'Check a reset link before showing the form',
    access: 'public',
    body: jwtAuthenticateRequestSchema,
  },
  beatmatch_exclude: { method: 'post', summary: 'Issue a device id', access: 'public' },
  beatmatch_last_uploaded_price: {
    method: 'get',
    summary: "The prices of the producer's last upload (the wizard's defaults), in dollars",
    access: 'session',
  },
  beatmatch_create_reference: {
    method: 'post',
    summary: 'Start an upload: a beat reference (refused past the upload cap)',
    access: 'session',
    body: createReferenceRequestSchema,
  },
  get_presignedUrl: {
    method: 'post',
    summary: "A signed PUT URL for one file of the caller's own upload",
    access: 'session',
    body: presignedUrlRequestSchema,
  },
  aws_upload: {
    method: 'post',
    summary: 'Confirm an uploaded file (checked by size and content)',
    access: 'session',
    body: confirmUploadRequestSchema,
  },
  beatmatch_upload_beat: {
    method: 'post',
    summary: 'Finalize an upload (multipart with the cover art); starts the DNA analysis',
    access: 'session',
    body: finalizeUploadFieldsSchema,
    multipart: { file: 'coverArt' },
  },
  beatmatch_manage_beats: {
    method: 'post',
    summary: "The producer's beats: uploaded, pending, failed",
    access: 'session',
  },
  beatmatch_manage_beats_get_tags: {
    method: 'post',
    summary: "A beat's DNA (the 19 fields of View DNA)",
    access: 'session',
    body: beatIdRequestSchema,
  },
  beatmatch_manage_beats_delete: {
    method: 'post',
    summary: 'Delete a beat',
    access: 'session',
    body: deleteBeatRequestSchema,
  },
  beatmatch_manage_beats_edit: {
    method: 'post',
    summary: "Set a beat's prices (beatId 0 with 'All Beats': every beat)",
    access: 'session',
    body: editPricesRequestSchema,
  },
  beatmatch_change_name: {
    method: 'post',
    summary: 'Rename a beat',
    access: 'session',
    body: changeNameRequestSchema,
  },
  beatmatch_get_cover_art_url: {
    method: 'post',
    summary: "A beat's cover URL",
    access: 'session',
    body: beatIdRequestSchema,
  },
  beatmatch_manage_beats_change_cover_art: {
    method: 'post',
    summary: "Replace a beat's cover art (multipart)",
    access: 'session',
    body: beatIdRequestSchema,
    multipart: { file: 'coverArt' },
  },
  beatmatch_manage_beats_play_beat: {
    method: 'get',
    summary: 'The full beat as MP3 for its producer (Range requests)',
    access: 'session',
    query: { beatId: { required: true, description: 'The beat' } },
  },
  beatmatch_get_totals: {
    method: 'post',
    summary: 'Matches, passes and purchases per beat of the producer',
    access: 'session',
  },
  beatmatch_cover_art: {
    method: 'get',
    summary: 'A cover image (public, long-cached per version)',
    access: 'public',
    query: {
      beatId: { required: true, description: 'The beat' },
      v: { required: false, description: 'The cover version (cache key)' },
    },
  },
  beatmatch_pioneers: {
    method: 'post',
    summary: 'Producers who helped reach 10,000 uploads (lifetime members flagged)',
    access: 'public',
  },
  beatmatch_example_drake: {
    method: 'get',
    summary: "The marketing pages' example beat: its snippet (Range requests)",
    access: 'public',
  },
  beatmatch_example_get_tags: {
    method: 'post',
    summary: "The example beat's name, producer, cover and DNA tags",
    access: 'public',
  },
  beatmatch_beat_play: {
    method: 'post',
    summary:
      'The next beat for the listener (filters; records pass/match on beatId first; 25 plays a day free)',
    access: 'public',
    body: beatPlayRequestSchema,
  },
  beatmatch_load_beat_param: {
    method: 'post',
    summary: 'Load one beat into the player (?beat=)',
    access: 'public',
    body: loadBeatParamRequestSchema,
  },
  beatmatch_beat_play_snippet: {
    method: 'get',
    summary: "A playable beat's 30-s snippet (Range requests, cached)",
    access: 'public',
    query: { beatId: { required: true, description: 'The beat' } },
  },
  total_beats: { method: 'post', summary: 'How many beats the player can serve', access: 'public' },
  add_play: {
    method: 'post',
    summary: 'A beat started playing (from a list)',
    access: 'public',
    body: addPlayRequestSchema,
  },
  get_match_count: {
    method: 'post',
    summary: "The listener's number of matches",
    access: 'public',
    body: listenerRequestSchema,
  },
  beatmatch_matchlist: {
    method: 'post',
    summary: "The listener's Match List (20 without a paid artist plan)",
    access: 'public',
    body: listenerRequestSchema,
  },
  beatmatch_matchlist_remove: {
    method: 'post',
    summary: 'Remove a beat from the Match List',
    access: 'public',
    body: matchListRemoveRequestSchema,
  },
  beatmatch_add_to_match_list: {
    method: 'post',
    summary: 'Add a passed beat to the Match List',
    access: 'public',
    body: addToMatchListRequestSchema,
  },
  beatmatch_play_history: {
    method: 'post',
    summary: 'Passed beats (paid artist plans)',
    access: 'session',
    body: listenerRequestSchema,
  },
  get_lyrics: {
    method: 'post',
    summary: "The caller's lyrics for a beat (signIn: true for visitors)",
    access: 'public',
    body: getLyricsRequestSchema,
  },
  save_lyrics: {
    method: 'post',
    summary: "Save the caller's lyrics for a beat",
    access: 'session',
    body: saveLyricsRequestSchema,
  },
  get_cart_items: {
    method: 'post',
    summary:
      "The cart with today's prices, total and service fee (visitor: the browser's device, vouched by the gateway; signed in: the user's, a visitor cart merged in)",
    access: 'public',
    body: getCartItemsRequestSchema,
  },
  update_to_cart: {
    method: 'post',
    summary: 'Add, upgrade, remove or reset cart items (one package per beat)',
    access: 'public',
    body: updateCartRequestSchema,
  },
  beatmatch_checkout: {
    method: 'post',
    summary:
      "Place an order for the cart; answers the payment page URL (signed in, or a visitor's device cart with an e-mail: guest checkout)",
    access: 'public',
    body: checkoutRequestSchema,
  },
  beatmatch_test_checkout_pay: {
    method: 'post',
    summary:
      "The local test provider's card form (test cards; 4000 0000 0000 0002 is declined); the buyer's session or, for a guest order, the browser's device",
    access: 'public',
    body: testPayRequestSchema,
  },
  stripe_webhook: {
    method: 'post',
    summary: "Stripe's webhook (Stripe-Signature checked on the raw body)",
    access: 'public',
  },
  retrieve_puchases: { method: 'post', summary: "The caller's purchases", access: 'session' },
  get_downloadable: {
    method: 'post',
    summary: "A short-lived signed URL of a purchase's file or licence PDF (buyer only)",
    access: 'session',
    body: getDownloadableRequestSchema,
  },
  beatmatch_license_verify: {
    method: 'post',
    summary: 'Whether a licence is genuine (public; also GET ?purchaseId=)',
    access: 'public',
    body: licenceVerifyRequestSchema,
  },
  member_active_status: {
    method: 'post',
    summary: "The caller's plan of a type (artist or producer)",
    access: 'public',
    body: memberStatusRequestSchema,
  },
  create_subscription_checkout: {
    method: 'post',
    summary: 'Open a payment session for a plan (weekTrial 7 days, ambassadorTrial 14); answers its URL',
    access: 'session',
    body: subscriptionCheckoutRequestSchema,
  },
  create_lifetime_checkout: {
    method: 'post',
    summary:
      "Open the payment session of the lifetime membership ('The Deal of A Lifetime', one payment); answers its URL",
    access: 'session',
    body: lifetimeCheckoutRequestSchema,
  },
  cancel_subscription: {
    method: 'post',
    summary: "End the caller's plan of a type at once",
    access: 'session',
    body: memberStatusRequestSchema,
  },
  create_portal_session: {
    method: 'post',
    summary: 'Where the caller manages a plan of a type',
    access: 'session',
    body: memberStatusRequestSchema,
  },
  createPaypalSubscription: {
    method: 'post',
    summary:
      'A plan billed by PayPal: with plan, answers the approve URL and subId; with subId (after approval), starts the plan',
    access: 'session',
    body: paypalSubscriptionRequestSchema,
  },
  paypal_webhook: {
    method: 'post',
    summary: "PayPal's webhook (verified by PayPal's verify-webhook-signature call)",
    access: 'public',
  },
};

const problem = { $ref: '#/components/schemas/Problem' };
const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: problem } },
});

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return rest;
}

/** A multipart body: the text fields as strings, plus one binary file field. */
function multipartSchema(fields: Record<string, unknown>, file: string): Record<string, unknown> {
  const properties = (fields.properties ?? {}) as Record<string, unknown>;
  const asText = Object.fromEntries(Object.keys(properties).map((name) => [name, { type: 'string' }]));
  return {
    type: 'object',
    properties: { ...asText, [file]: { type: 'string', format: 'binary' } },
    ...(fields.required ? { required: fields.required } : {}),
  };
}

/** Routes of the table that have no document entry, and entries that match no route. */
export function undocumentedRoutes(): { missing: string[]; extra: string[] } {
  const routes = Object.keys(routeTable);
  const documented = Object.keys(routeDocs);
  return {
    missing: routes.filter((name) => !Object.hasOwn(routeDocs, name)),
    extra: documented.filter((name) => !Object.hasOwn(routeTable, name)),
  };
}

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, unknown> = {
    [`${API_PREFIX}csrf`]: {
      get: {
        operationId: 'csrf',
        summary: 'A CSRF token (also set as a cookie); send it as x-csrf-token on every API call',
        security: [],
        responses: {
          '200': {
            description: 'The token',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { csrfToken: { type: 'string' } },
                  required: ['csrfToken'],
                },
              },
            },
          },
        },
      },
    },
  };
  for (const name of Object.keys(routeTable)) {
    const doc = Object.hasOwn(routeDocs, name) ? routeDocs[name]! : undefined;
    if (!doc) continue;
    paths[`${API_PREFIX}${name}`] = {
      [doc.method]: {
        operationId: name,
        summary: doc.summary,
        security: doc.access === 'session' ? [{ session: [], csrf: [] }] : [{ csrf: [] }],
        ...(doc.query
          ? {
              parameters: Object.entries(doc.query).map(([param, spec]) => ({
                name: param,
                in: 'query',
                required: spec.required,
                description: spec.description,
                schema: { type: 'string' },
              })),
            }
          : {}),
        ...(doc.body
          ? {
              requestBody: {
                required: true,
                content: doc.multipart
                  ? {
                      'multipart/form-data': {
                        schema: multipartSchema(jsonSchema(doc.body), doc.multipart.file),
                      },
                    }
                  : { 'application/json': { schema: jsonSchema(doc.body) } },
              },
            }
          : {}),
        responses: {
          '200': { description: 'Done', content: { 'application/json': { schema: {} } } },
          '400': problemResponse('Bad input (the message names the field)'),
          '401': problemResponse('Not signed in, or wrong credentials'),
          '403': problemResponse('Missing or wrong CSRF token'),
          '404': problemResponse('Not found'),
          '409': problemResponse('Conflict (e.g. the e-mail is taken)'),
          '413': problemResponse('Body too large'),
          '415': problemResponse('Unsupported content type or encoding'),
          '429': problemResponse('Too many attempts'),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Beatmatch API', version: '0.1.0' },
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        csrf: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
      },
      schemas: {
        Problem: {
          type: 'object',
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            message: { type: 'string' },
            code: { type: 'string' },
          },
        },
      },
    },
  };
}
