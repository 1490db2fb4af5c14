export * from './temporal';
export * from './devServer';
