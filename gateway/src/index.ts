export * from './app';
export type { GatewayOptions, RateLimits } from './options';
export { gatewayRevocations } from './revocations';
export * from './routes';
export * from './session';
export { DEVICE_COOKIE, DeviceCookie } from './device';
export { devMailboxPolicy, isLoopbackHost } from './devMailbox';
export { SqlRateLimitStore, sqlRateLimitStores } from './rateLimitStore';
