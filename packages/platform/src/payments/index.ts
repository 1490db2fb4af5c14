export * from './port';
export * from './stripe';
export * from './testProvider';
export * from './webhook';
