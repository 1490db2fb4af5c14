export * from './port';
export * from './jsonb';
export * from './mongoose';
