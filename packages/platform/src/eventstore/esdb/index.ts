export * from './eventStoreDB';
