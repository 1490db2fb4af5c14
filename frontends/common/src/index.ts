export * from './pages';
export { ComingSoon, type ComingSoonProps } from './ComingSoon';
export { RemotePages, type RemoteAppProps } from './RemotePages';
