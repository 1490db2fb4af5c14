export * from './app';
export * from './routes';
export * from './session';
export { DEVICE_COOKIE, DeviceCookie } from './device';
export { devMailboxPolicy, isLoopbackHost } from './devMailbox';
export { SqlRateLimitStore, sqlRateLimitStores } from './rateLimitStore';
