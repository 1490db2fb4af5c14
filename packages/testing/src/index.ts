export * from './env';
export * from './smtp';
