import { createContext } from 'react';
import type { RemoteLoader } from './federation';

/** How remotes are loaded (the federation runtime, or a fake in tests). */
export const RemoteLoaderContext = createContext<RemoteLoader | null>(null);
export const RemoteLoaderProvider = RemoteLoaderContext.Provider;
