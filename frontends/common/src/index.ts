export * from './pages';
export { producerPages } from './producerPages';
export { artistPages } from './artistPages';
export { ComingSoon, type ComingSoonProps } from './ComingSoon';
export { NotFound, type NotFoundProps } from './NotFound';
export { RemotePages, type RemoteAppProps } from './RemotePages';
export { SDK_MISMATCH_MESSAGE, SdkVersionCheck } from './SdkVersionCheck';
export { THEME } from './theme';
export { RemoteTheme } from './RemoteTheme';
