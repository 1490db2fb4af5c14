export * from './port';
export * from './stripe';
export * from './testProvider';
export * from './webhook';
export * from './subscriptionPort';
export * from './paypal';
export * from './testSubscriptions';
