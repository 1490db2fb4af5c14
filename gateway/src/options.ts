import type { RequestHandler, Router } from 'express';
import type { Store } from 'express-rate-limit';
import type { DevMailbox, EventBus, InternalTokenIssuer, Logger, PublicHandler } from '@beatmatch/platform';
import type { ServiceName } from './routes';

/** A service's caller-free routes as plain handlers by service path (its `publicRoutes`). */
export type ServicePublicRoutes = (
  service: ServiceName,
) => Readonly<Record<string, PublicHandler>> | undefined;

export interface RateLimits {
  /** Requests per window per client address. */
  login: number;
  code: number;
  reset: number;
  /** Opening a reset link (checks it, changes nothing). */
  verify: number;
  exclude: number;
  windowMs: number;
  /** Contact messages per contact window per client address (each one mails the support mailbox). */
  contact: number;
  contactWindowMs: number;
  /** Requests per account window per account (the e-mail in the body). */
  accountLogin: number;
  accountCode: number;
  accountReset: number;
  accountWindowMs: number;
}

export interface GatewayOptions {
  logger: Logger;
  issuer: InternalTokenIssuer;
  /** Base URL of each service (a function: embedded services get their port after listening). */
  serviceUrl: (service: ServiceName) => string;
  /**
   * Embedded profile: the app of a service running in this process, called directly instead of through
   * its URL (undefined: proxied to `serviceUrl`). The distributed profile proxies every call.
   */
  serviceApp?: (service: ServiceName) => RequestHandler | undefined;
  /**
   * Embedded profile: a service's caller-free routes as plain handlers by service path (its
   * `publicRoutes`). A route marked `lane: 'public'` in routes.ts goes to its handler (GET/HEAD only).
   */
  servicePublicRoutes?: ServicePublicRoutes;
  csrfSecret: string;
  /** Secure cookies (set behind https). */
  secureCookies: boolean;
  /** Built frontends: shell at /, remotes under /remotes/<name>/. Missing folders are skipped. */
  frontends?: { shell: string; producer: string; artist: string };
  /** Remote manifest URLs handed to the shell at /app-config.json. */
  remotes: { producer: string; artist: string };
  /** The contact mailbox the content pages show (SUPPORT_EMAIL), served in /app-config.json. */
  supportEmail?: string;
  /** Without SMTP (both profiles): the dev mailbox page (served only as `devMailboxPolicy` allows). */
  devMailbox?: DevMailbox;
  /** The address the gateway listens on: the dev mailbox is served by default only on loopback. */
  listenHost?: string;
  /** DEV_MAILBOX: 'on' serves the dev mailbox whatever the host, 'off' never. */
  devMailboxSetting?: string;
  rateLimits?: Partial<RateLimits>;
  /**
   * The bus identity publishes on: each gateway (replica) subscribes in its own consumer group and
   * drops revoked sessions (logout, password reset) from its cache at once.
   */
  bus?: EventBus;
  /**
   * Where rate-limit counters live (default: this process's memory). The distributed profile passes a
   * store shared by every gateway replica; `prefix` separates the limit groups.
   */
  rateLimitStore?: (prefix: string) => Store;
  /** Number of proxies in front of the gateway whose X-Forwarded-For is trusted (0 = none). */
  trustProxy?: number;
  /**
   * Embedded profile only: the filesystem blob store's signed-URL routes (`blobRoutes(store)`), mounted
   * at `blobsPath` (default /blobs) ahead of logging, cookies, CSRF and body parsers so large PUTs
   * stream straight to disk. The distributed profile hands out S3 presigned URLs instead.
   */
  blobs?: Router;
  blobsPath?: string;
}

export const defaultRateLimits: RateLimits = {
  login: 10,
  code: 5,
  reset: 5,
  verify: 20,
  exclude: 30,
  windowMs: 60_000,
  contact: 10,
  contactWindowMs: 60 * 60_000,
  accountLogin: 20,
  accountCode: 6,
  accountReset: 4,
  accountWindowMs: 15 * 60_000,
};
