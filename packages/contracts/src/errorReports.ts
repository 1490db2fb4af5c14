import { z } from 'zod';

/*
 * Error reports from the browser (both spec documents: "an error-reporting service runs in production
 * only"; producer-side §8: "every failed upload step is also reported"). A report names what failed,
 * never who: the user id is the caller's (the gateway vouches for it), nothing personal is in the body.
 */

/** What failed: an uncaught error or rejection, a refused or failed API call, a step of an upload. */
export const ERROR_REPORT_KINDS = ['uncaught', 'api', 'upload'] as const;
/** The upload steps (producer-side §4 "Upload phases", "File upload order"). */
export const UPLOAD_STEPS = ['reference', 'url', 'put', 'confirm', 'finalize'] as const;
/** The file an upload step was sending (`cover` goes with finalize). */
export const UPLOAD_FILE_KINDS = ['snippet', 'mp3', 'wav', 'trackout', 'cover'] as const;

/** Reports one device may send per window; the browser stops earlier on its own (REPORTS_PER_PAGE). */
export const ERROR_REPORT_LIMIT = { reports: 30, windowMs: 10 * 60_000 } as const;
/** Reports one page load sends at most: a loop of errors must not flood the server. */
export const REPORTS_PER_PAGE = 20;

const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/g;
/** An error's text without e-mail addresses (a server message may quote the address it refused). */
export const withoutEmails = (text: string) => text.replace(EMAIL, '[e-mail]');

const token = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[\w.:/-]*$/, 'Unexpected characters.');

export const errorReportRequestSchema = z.object({
  kind: z.enum(ERROR_REPORT_KINDS),
  message: z.string().trim().min(1, 'A report needs a message.').max(500).transform(withoutEmails),
  /** The request id (`x-request-id`) of the failed request, the trace id its log lines carry. */
  traceId: token(100).optional(),
  /** api: the call that failed, and its status (0: no answer). */
  call: token(60).optional(),
  status: z.number().int().min(0).max(599).optional(),
  /** upload: the step, the file kind and which attempt (1 to 3: spec §9, 2 retries). */
  step: z.enum(UPLOAD_STEPS).optional(),
  fileKind: z.enum(UPLOAD_FILE_KINDS).optional(),
  attempt: z.number().int().min(1).max(10).optional(),
  /** The page's path, without its query (a reset link's query carries its token). */
  page: token(200).optional(),
  /** The SDK's version the page was built with. */
  build: token(40).optional(),
});
export type ErrorReport = z.input<typeof errorReportRequestSchema>;

/** The report as the server recorded it (its log line carries the same trace id). */
export const errorReportAnswerSchema = z.object({
  received: z.literal(true),
  traceId: z.string().nullable(),
});
