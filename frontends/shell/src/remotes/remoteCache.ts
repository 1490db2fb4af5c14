import { lazy } from 'react';
import type { RemoteAppModule, RemoteLoader, RemoteName } from './federation';

// One lazy component per loader and remote (no antd here: the boot preload imports this).
type LazyRemote = ReturnType<typeof lazy<RemoteAppModule['default']>>;
const cache = new WeakMap<RemoteLoader, Map<RemoteName, LazyRemote>>();

export function lazyRemote(loader: RemoteLoader, remote: RemoteName): LazyRemote {
  let perLoader = cache.get(loader);
  if (!perLoader) cache.set(loader, (perLoader = new Map()));
  const known = perLoader.get(remote);
  if (known) return known;
  // Started now, not on first render, so a preload overlaps with the session check.
  const loading = loader(remote);
  loading.catch(() => undefined);
  const created = lazy(() => loading);
  perLoader.set(remote, created);
  return created;
}

/** Starts loading a remote's App before its page renders (the next render then finds it loading). */
export function preloadRemote(loader: RemoteLoader, remote: RemoteName): void {
  lazyRemote(loader, remote);
}

/** A failed lazy component stays failed: forget it so the next render loads again. */
export function forgetRemote(loader: RemoteLoader, remote: RemoteName): void {
  cache.get(loader)?.delete(remote);
}
