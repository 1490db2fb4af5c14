import express, { Router, type Express, type RequestHandler } from 'express';
import request from 'supertest';
import { mountApp } from './calls';
import { directCallOf } from './directCall';
import { problemHandler } from './problem';

/** What ran, in order, for one request. */
const ran: string[] = [];
const step =
  (name: string): RequestHandler =>
  (_req, _res, next) => {
    ran.push(name);
    next();
  };
const answer =
  (name: string): RequestHandler =>
  (_req, res) => {
    ran.push(name);
    res.json({ name });
  };

/** A service-like app: root middleware, nested routers, an app mounted with mountApp, the kit's errors. */
function serviceApp(): Express {
  const app = express();
  app.use(step('app'));
  app.use(Router().use(step('outer'), Router().post('/swipe', step('before'), answer('swipe'))));
  app.get('/read', answer('read'));
  app.post('/throws', () => {
    throw new Error('thrown');
  });
  app.post('/rejects', () => Promise.reject(new Error('rejected')));
  app.post('/passes', step('passes'));
  const child = express();
  child.use(step('child'));
  child.post('/webhook', answer('webhook'));
  mountApp(app, child);
  app.use(problemHandler);
  return app;
}

/** Hands every request to `app`'s direct call, as the gateway does; errors end in the kit's handler. */
function front(app: Express) {
  const gateway = express();
  gateway.use((req, res, next) => {
    const call = directCallOf(app, req.method, req.path);
    if (!call) return void res.status(599).end();
    call(req, res, next);
  });
  gateway.use(problemHandler);
  return gateway;
}

describe('directCallOf', () => {
  const app = serviceApp();
  beforeEach(() => (ran.length = 0));

  it('runs the middleware and the route Express would run, in its order', async () => {
    const swipe = await request(front(app)).post('/swipe').send({});
    expect(swipe.body).toEqual({ name: 'swipe' });
    expect(ran).toEqual(['app', 'outer', 'before', 'swipe']);
    ran.length = 0;
    // Through a mounted app: the outer router's middleware ran too, as Express runs it.
    expect((await request(front(app)).post('/webhook')).body).toEqual({ name: 'webhook' });
    expect(ran).toEqual(['app', 'outer', 'child', 'webhook']);
    expect((await request(front(app)).get('/read')).body).toEqual({ name: 'read' });
  });

  it('hands a throw, a rejection and a call nobody answers on as errors', async () => {
    expect((await request(front(app)).post('/throws')).status).toBe(500);
    expect((await request(front(app)).post('/rejects')).status).toBe(500);
    const passes = await request(front(app)).post('/passes');
    expect(passes.status).toBe(404);
    expect(passes.body).toMatchObject({ message: 'Not found.' });
  });

  it('has no direct call where Express would do what it does not reproduce', () => {
    expect(directCallOf(app, 'HEAD', '/read')).toBeUndefined();
    expect(directCallOf(app, 'POST', '/read')).toBeUndefined();
    expect(directCallOf(app, 'POST', '/nowhere')).toBeUndefined();
    expect(directCallOf((() => undefined) as unknown, 'POST', '/swipe')).toBeUndefined();
    // A middleware mounted at a path (Express strips it from the URL) ...
    const prefixed = express();
    prefixed.use('/dashboard', step('dashboard'));
    prefixed.post('/dashboard/x', answer('x'));
    expect(directCallOf(prefixed, 'POST', '/dashboard/x')).toBeUndefined();
    // ... an app mounted without mountApp, and an error handler of the service's own.
    const unknownChild = express();
    unknownChild.use(express());
    unknownChild.post('/x', answer('x'));
    expect(directCallOf(unknownChild, 'POST', '/x')).toBeUndefined();
    const ownErrors = express();
    ownErrors.use(((_error, _req, _res, next) => next()) as express.ErrorRequestHandler);
    ownErrors.post('/x', answer('x'));
    expect(directCallOf(ownErrors, 'POST', '/x')).toBeUndefined();
  });
});
