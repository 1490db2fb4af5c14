import type { Express, Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import {
  ADMIN_ONLY_MESSAGE,
  apiCalls,
  callsOf,
  ERROR_CODES,
  isBytesAnswer,
  NOT_AUTHENTICATED_MESSAGE,
  type CallAnswer,
  type CallDeclaration,
  type CallName,
  type RegisteredServiceName,
} from '@beatmatch/contracts';
import { HttpProblem, parseInput } from './problem';
import { checkAnswers, serializeAnswer } from './answerSerializer';

/*
 * The service side of the route contract (packages/contracts/src/api): a service registers the
 * handler of a declared call by its name; the method and path come from the declaration, a signed-in
 * caller is required where the declared access needs one, and the body (or a GET's query) is parsed
 * with the declared request schema before the handler sees it.
 */

type Declared<N extends CallName> = (typeof apiCalls)[N];
/** The parsed request of a call (output side of its schema: defaults applied). */
export type CallInput<N extends CallName> =
  Declared<N> extends { request?: infer R extends z.ZodType } ? z.output<R> : undefined;

export interface CallContext {
  req: Request;
  res: Response;
}

/**
 * A call's handler: answers the declared answer (sent as JSON, written by the serialiser compiled from
 * its schema: answerSerializer.ts), or nothing when it has written the response itself (bytes, a
 * redirect).
 */
export type CallHandler<N extends CallName> = (
  input: CallInput<N>,
  context: CallContext,
) => Promise<CallAnswer<N> | void> | CallAnswer<N> | void;

const needsUser = (call: CallDeclaration) =>
  call.access === 'user' || call.access === 'owner' || call.access === 'plan' || call.access === 'admin';

/** Under `checkAnswers`, an answer its declared schema does not describe is a 500 naming the call. */
function checkedAnswer(name: string, call: CallDeclaration, value: unknown): unknown {
  if (isBytesAnswer(call.answer) || !checkAnswers()) return value;
  const result = call.answer.safeParse(value);
  if (result.success) return value;
  const issue = result.error.issues[0];
  throw new Error(
    `${name} answered what its contract does not describe: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
  );
}

/**
 * Writes a call's serialised answer as res.send did, without its SHA-1 ETag (an answer is the caller's
 * own state of the moment, not worth revalidating; hashing each one cost about 1 % of a swipe's CPU) and
 * without turning the text into a Buffer (a string lets Node write headers and body in one write).
 */
function sendAnswer(res: Response, body: string) {
  if (!res.getHeader('Content-Type')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/** Registers the handler of the declared call `name` on `router` (middleware in `before` runs first). */
export function handleCall<N extends CallName>(
  router: Router,
  name: N,
  handler: CallHandler<N>,
  options: { before?: RequestHandler[] } = {},
): void {
  const call = apiCalls[name] as CallDeclaration;
  const run: RequestHandler = async (req, res, next) => {
    try {
      if (needsUser(call) && !req.caller?.userId)
        throw new HttpProblem(401, NOT_AUTHENTICATED_MESSAGE, ERROR_CODES.unauthenticated);
      // The one place admin calls are refused: the role comes only from the gateway's signed caller.
      if (call.access === 'admin' && !req.caller?.roles?.includes('admin'))
        throw new HttpProblem(403, ADMIN_ONLY_MESSAGE, ERROR_CODES.forbidden);
      const raw = call.method === 'get' ? req.query : req.body;
      const input = (call.request ? parseInput(call.request, raw) : undefined) as CallInput<N>;
      const answer = await handler(input, { req, res });
      if (answer === undefined || res.headersSent) return;
      sendAnswer(res, serializeAnswer(name, call, checkedAnswer(name, call, answer)));
    } catch (error) {
      next(error);
    }
  };
  const handlers = [...(options.before ?? []), run];
  if (call.method === 'get') router.get(call.path, handlers);
  else router.post(call.path, handlers);
}

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
  /** A nested router (its stack) or a mounted sub-app (its router's stack). */
  handle?: { stack?: RouteLayer[]; router?: { stack?: RouteLayer[] } };
}

/** Apps mounted inside another with `mountApp` (Express keeps no way back from the parent). */
const mountedApps = new WeakMap<Express, Express[]>();

/** Mounts `child` in `parent` (`parent.use(child)`) so that `routesOf(parent)` also lists the child's routes. */
export function mountApp(parent: Express, child: Express): void {
  parent.use(child);
  mountedApps.set(parent, [...(mountedApps.get(parent) ?? []), child]);
}

/** The apps mounted in `parent` with `mountApp`, in mounting order. */
export function mountedAppsOf(parent: Express): readonly Express[] {
  return mountedApps.get(parent) ?? [];
}

/** The method and path of every route an Express app (or router) has, nested routers and mounted apps included. */
export function routesOf(app: Express | Router): { method: string; path: string }[] {
  const stack = ((app as Express).router?.stack ?? (app as Router).stack ?? []) as RouteLayer[];
  const children = mountedApps.get(app as Express) ?? [];
  return [...stack.flatMap((layer) => routesOfLayer(layer)), ...children.flatMap((child) => routesOf(child))];
}

function routesOfLayer(layer: RouteLayer): { method: string; path: string }[] {
  if (layer.route)
    return Object.keys(layer.route.methods)
      .filter((method) => method !== '_all')
      .map((method) => ({ method, path: layer.route!.path }));
  const nested = layer.handle?.stack ?? layer.handle?.router?.stack;
  return nested ? routesOf({ stack: nested } as unknown as Router) : [];
}

/**
 * Compares a service's app with the declarations: calls declared for the service that it does not
 * handle, and routes it serves that no call declares (health, readiness and `internal` paths aside).
 */
export function contractGaps(
  service: RegisteredServiceName,
  app: Express,
  internal: readonly string[] = [],
): { notHandled: string[]; notDeclared: string[] } {
  const served = routesOf(app).map(({ method, path }) => `${method.toUpperCase()} ${path}`);
  const declared = callsOf(service).map(([name, call]) => ({
    name,
    route: `${call.method.toUpperCase()} ${call.path}`,
  }));
  const own = new Set([
    ...declared.map((entry) => entry.route),
    ...['GET /healthz', 'GET /readyz', ...internal],
  ]);
  return {
    notHandled: declared.filter((entry) => !served.includes(entry.route)).map((entry) => entry.name),
    notDeclared: [...new Set(served.filter((route) => !own.has(route) && !route.startsWith('HEAD ')))],
  };
}
