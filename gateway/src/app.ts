import express, { type RequestHandler } from 'express';
import cookieParser from 'cookie-parser';
import { DEFAULT_SUPPORT_EMAIL } from '@beatmatch/contracts';
import {
  HttpProblem,
  healthRoutes,
  problemHandler,
  requestLogging,
  type DevMailbox,
} from '@beatmatch/platform';
import './requestFields';
import type { GatewayOptions } from './options';
import { listenForRevocations } from './revocations';
import { routeSecurityHeaders } from './securityHeaders';
import { installPublicLane } from './publicLane';
import { doubleSubmitCsrf, visitorCookie } from './csrf';
import { rateLimiters } from './rateLimits';
import { serviceCall } from './serviceCall';
import { apiRoutes } from './apiRoutes';
import { openApiDocument } from './openapi';
import { API_PREFIX } from './routes';
import { SessionResolver } from './session';
import { AdminActionLog } from './adminActions';
import { DeviceCookie } from './device';
import { devMailboxRouter, servedDevMailbox } from './devMailbox';
import { mountFrontends } from './static';
import { identityStorePreview } from './storePreview';

/**
 * The gateway: the one /api/* surface in front of the services, and the frontends. The order of its
 * steps is the order a request meets them: the public lane, health, blobs, logs and security headers,
 * cookies and CSRF, the gateway's own routes, then /api/* (route, CSRF, limits, caller, service).
 */
export function createGateway(options: GatewayOptions) {
  const { logger, issuer } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? 0);
  const sessions = new SessionResolver(() => options.serviceUrl('identity'), issuer, logger);
  const devices = new DeviceCookie(options.csrfSecret);
  if (options.bus) listenForRevocations(app, options.bus, sessions, logger);

  const logging = requestLogging(logger);
  const securityHeadersFor = routeSecurityHeaders(options.secureCookies);
  if (options.servicePublicRoutes)
    installPublicLane(app, { publicRoutes: options.servicePublicRoutes, logging, securityHeadersFor });
  healthRoutes(app, 'gateway', [
    async () => {
      const response = await fetch(`${options.serviceUrl('identity')}/readyz`);
      if (!response.ok) throw new Error('identity is not ready');
    },
  ]);
  // The signature in the URL is the authorisation: no session, no CSRF, and the body must not be parsed.
  if (options.blobs) app.use(options.blobsPath ?? '/blobs', options.blobs);
  app.use(logging);
  app.use((req, res, next) => {
    const apiName = req.path.startsWith(API_PREFIX)
      ? req.path.slice(API_PREFIX.length).replace(/\/$/, '')
      : undefined;
    securityHeadersFor(apiName)(req, res, next);
  });
  app.use(cookieParser());
  app.use(visitorCookie(options.secureCookies));
  const csrf = doubleSubmitCsrf(options.csrfSecret, options.secureCookies);

  // The API's OpenAPI document (gateway/src/openapi.ts), generated from the contracts' zod schemas.
  app.get('/api/openapi.json', (_req, res) => {
    res.json(openApiDocument());
  });
  app.get('/api/csrf', csrf.tokenRoute);
  const devMailbox = servedDevMailbox(options, logger);
  app.get('/app-config.json', appConfigRoute(options, devMailbox));
  if (devMailbox) app.use('/dev', devMailboxRouter(devMailbox));

  const limiters = rateLimiters(options);
  const callService = serviceCall(options, sessions, devices);
  app.use(
    API_PREFIX,
    apiRoutes({
      csrfProtection: csrf.protection,
      limiters,
      sessions,
      devices,
      issuer,
      callService,
      adminActions: new AdminActionLog(() => options.serviceUrl('identity'), issuer, logger),
    }),
  );

  if (options.frontends)
    mountFrontends(
      app,
      options.frontends,
      identityStorePreview(() => options.serviceUrl('identity'), issuer, logger),
    );
  app.use((_req, _res, next) => next(new HttpProblem(404, 'Not found.', 'not_found')));
  app.use(problemHandler);
  return app;
}

/** What the shell reads at start: the remotes' manifests, the dev mailbox (if served), the contact mailbox. */
function appConfigRoute(options: GatewayOptions, devMailbox: DevMailbox | undefined): RequestHandler {
  return (_req, res) => {
    res.setHeader('cache-control', 'no-cache');
    res.json({
      remotes: options.remotes,
      devMailbox: devMailbox ? '/dev/mailbox' : null,
      supportEmail: options.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
    });
  };
}
