export * from './app';
export * from './routes';
export * from './session';
