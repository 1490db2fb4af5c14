export * from './app';
export * from './routes';
export * from './session';
export { devMailboxPolicy, isLoopbackHost } from './devMailbox';
export { SqlRateLimitStore, sqlRateLimitStores } from './rateLimitStore';
