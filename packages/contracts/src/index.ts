export * from './envelope';
export * from './identity';
export * from './services';
export * from './events';
export * from './legal/licence';
export * from './contact';
