import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { mountedAppsOf } from './calls';
import { HttpProblem, problemHandler } from './problem';

/**
 * A declared call handed straight to the handlers its service's app would run for it: the app's own
 * middleware (request log, the gateway-signed caller, the JSON body, the text check) and then the
 * call's route (its `handleCall` registration), in the order Express would run them, without Express
 * routing the request a second time. The embedded gateway uses it (gateway/src/serviceCall.ts): one
 * routing step, the gateway's, instead of the gateway's and then the service app's.
 */
export type DirectCall = (req: Request, res: Response, next: NextFunction) => void;

/** What the router package (Express 5's router) keeps per layer; only what the walk reads. */
interface Layer {
  handle: ((...args: never[]) => unknown) & { stack?: Layer[] };
  route?: {
    stack: Array<{ method?: string; handle: RequestHandler }>;
    _handlesMethod(method: string): boolean;
  };
  match(path: string): { path: string } | false;
}

/**
 * Where a walk of the app's stack ended: the handlers to run, or `opaque` where Express would do
 * something the walk does not reproduce (a middleware mounted at a path, which Express strips from the
 * URL; an error handler other than the kit's; an app mounted without `mountApp`), or nothing found.
 */
type Walked = RequestHandler[] | 'opaque' | undefined;

const chains = new WeakMap<object, Map<string, DirectCall | null>>();

/**
 * The direct call of `method path` on `app` (a service's Express app), or undefined when the call
 * must go through the app itself: a method other than GET and POST, a path no route serves, or an app
 * whose stack holds what the walk does not reproduce. Worked out on first use and kept per app.
 */
export function directCallOf(app: unknown, method: string, path: string): DirectCall | undefined {
  if (typeof app !== 'function' || (method !== 'GET' && method !== 'POST')) return undefined;
  let known = chains.get(app);
  if (!known) chains.set(app, (known = new Map()));
  const key = `${method} ${path}`;
  let call = known.get(key);
  if (call === undefined) {
    const stack = (app as Partial<Express>).router?.stack as Layer[] | undefined;
    const walked = stack ? walk(stack, mountedAppsOf(app as Express), method, path, []) : undefined;
    call = Array.isArray(walked) ? runs(walked) : null;
    known.set(key, call);
  }
  return call ?? undefined;
}

/**
 * Walks a stack as the router would for `method path`: root middleware is kept in order, nested routers
 * and apps mounted with `mountApp` are walked in place, and the first route serving the method ends it.
 */
function walk(
  stack: Layer[],
  mounted: readonly Express[],
  method: string,
  path: string,
  before: RequestHandler[],
): Walked {
  // Express keeps no way from a `mounted_app` layer to its app: they are matched by order, and only
  // when every one of them was mounted with `mountApp`.
  if (stack.filter((layer) => layer.handle.name === 'mounted_app').length !== mounted.length) return 'opaque';
  let nextMounted = 0;
  for (const layer of stack) {
    const app = layer.handle.name === 'mounted_app' ? mounted[nextMounted++] : undefined;
    const match = layer.match(path);
    if (!match) continue;
    if (layer.route) {
      if (!layer.route._handlesMethod(method)) continue;
      const verb = method.toLowerCase();
      const own = layer.route.stack.filter((entry) => !entry.method || entry.method === verb);
      return [...before, ...own.map((entry) => entry.handle)];
    }
    if (match.path !== '') return 'opaque';
    // Errors go on to the gateway's problemHandler, the same function as the service's.
    if (layer.handle.length === 4) {
      if (layer.handle !== problemHandler) return 'opaque';
      continue;
    }
    const nested = app ? (app.router.stack as unknown as Layer[]) : layer.handle.stack;
    if (nested) {
      const found = walk(nested, app ? mountedAppsOf(app) : [], method, path, before);
      if (found) return found;
      continue;
    }
    before.push(layer.handle as unknown as RequestHandler);
  }
  return undefined;
}

/**
 * Runs handlers as the router does: each gets `next`; a throw or a rejected promise is an error; an
 * error skips the rest and goes to `done`. A chain that ends without an answer is the service's 404.
 */
function runs(handlers: RequestHandler[]): DirectCall {
  return (req, res, done) => {
    let index = 0;
    const next = (error?: unknown) => {
      if (error === 'route' || error === 'router') return done(notFound());
      if (error) return done(error);
      const handler = handlers[index++];
      if (!handler) return done(notFound());
      try {
        const result: unknown = handler(req, res, next);
        if (result instanceof Promise)
          result.catch((reason: unknown) => next(reason ?? new Error('Rejected promise')));
      } catch (thrown) {
        next(thrown ?? new Error('Thrown without a value'));
      }
    };
    next();
  };
}

const notFound = () => new HttpProblem(404, 'Not found.', 'not_found');
