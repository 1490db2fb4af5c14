export * from './envelope';
export * from './identity';
export * from './services';
export * from './legal/licence';
export * from './contact';
