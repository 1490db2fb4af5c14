import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Request } from 'express';
import type { Logger } from '../logging/logger';
import { ZodError, type ZodType } from 'zod';
import { DomainError } from '../decider/decider';

/** An RFC 9457 problem. `message` repeats the user-facing text: the frontends show `data.message`. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  message: string;
  code?: string;
  requestId?: string;
}

export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpProblem';
  }
}

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function problem(status: number, message: string, code?: string, requestId?: string): Problem {
  return {
    type: 'about:blank',
    title: titles[status] ?? 'Error',
    status,
    detail: message,
    message,
    ...(code ? { code } : {}),
    ...(requestId ? { requestId } : {}),
  };
}

/** Validates input at the edge; the first issue's message is the one the user sees. */
export function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw result.error;
}

function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request.';
  return issue.message;
}

/** http-errors style errors (body-parser, csrf-csrf) that are safe to show: 4xx with `expose`. */
function isClientHttpError(error: unknown): error is { status: number; message: string; code?: string } {
  const e = error as { status?: unknown; expose?: unknown; type?: unknown };
  return (
    typeof e?.status === 'number' &&
    e.status >= 400 &&
    e.status < 500 &&
    e.expose === true &&
    e.type === undefined
  );
}

/** body-parser's own 4xx errors carry a `type`; they are the client's fault, never a 500. */
function isBodyParserClientError(
  error: unknown,
): error is { status: number; type: string; message: string; charset?: string; encoding?: string } {
  const e = error as { status?: unknown; type?: unknown };
  return typeof e?.type === 'string' && typeof e.status === 'number' && e.status >= 400 && e.status < 500;
}

const bodyParserMessages: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON.',
  'entity.too.large': 'The request body is too large.',
  'charset.unsupported': 'The request body must be JSON in UTF-8 (charset "utf-8").',
  'encoding.unsupported': 'The request body uses a Content-Encoding this server does not accept.',
  'request.aborted': 'The request was aborted before its body arrived.',
  'request.size.invalid': 'The request body is shorter or longer than its Content-Length.',
};
const bodyParserCodes: Record<string, string> = {
  'entity.parse.failed': 'malformed_json',
  'entity.too.large': 'too_large',
  'charset.unsupported': 'unsupported_charset',
  'encoding.unsupported': 'unsupported_encoding',
};
const bodyParserMessage = (error: { type: string }) =>
  (Object.hasOwn(bodyParserMessages, error.type) ? bodyParserMessages[error.type] : undefined) ??
  'The request body could not be read.';
const bodyParserCode = (error: { type: string }) =>
  (Object.hasOwn(bodyParserCodes, error.type) ? bodyParserCodes[error.type] : undefined) ?? 'bad_body';

/**
 * The problem an error answers (problem+json): the request's own fault (validation, a domain rule, a
 * bad body) with its message, anything else a 500 with a generic message. `unhandled` marks the 500s.
 */
export function problemOf(error: unknown, requestId: string): { body: Problem; unhandled: boolean } {
  const e = error as { type?: unknown } | undefined;
  if (error instanceof ZodError)
    return { body: problem(400, zodMessage(error), 'validation', requestId), unhandled: false };
  if (error instanceof DomainError)
    return { body: problem(error.status, error.message, error.code, requestId), unhandled: false };
  if (error instanceof HttpProblem)
    return { body: problem(error.status, error.message, error.code, requestId), unhandled: false };
  if (isClientHttpError(error))
    return { body: problem(error.status, error.message, error.code, requestId), unhandled: false };
  if (isBodyParserClientError(error))
    return {
      body: problem(error.status, bodyParserMessage(error), bodyParserCode(error), requestId),
      unhandled: false,
    };
  if (e?.type === 'entity.parse.failed')
    return {
      body: problem(400, 'The request body is not valid JSON.', 'malformed_json', requestId),
      unhandled: false,
    };
  if (e?.type === 'entity.too.large')
    return { body: problem(413, 'The request body is too large.', 'too_large', requestId), unhandled: false };
  return {
    body: problem(500, 'Something went wrong on our side. Please try again.', 'internal', requestId),
    unhandled: true,
  };
}

/**
 * Answers an error on a plain Node response (a service's public handler, called without Express): the
 * same problem the Express handler below answers. A response already under way is cut off instead.
 */
export function sendProblem(req: IncomingMessage & { log?: Logger }, res: ServerResponse, error: unknown) {
  const { body, unhandled } = problemOf(error, String((req as { id?: unknown }).id ?? ''));
  if (unhandled) req.log?.error({ err: error }, 'unhandled error');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = body.status;
  res.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
  res.end(JSON.stringify(body));
}

export const problemHandler: ErrorRequestHandler = (error, req: Request, res, _next) => {
  const { body, unhandled } = problemOf(error, String(req.id ?? ''));
  if (unhandled) req.log?.error({ err: error }, 'unhandled error');
  res.status(body.status).type('application/problem+json').send(JSON.stringify(body));
};
