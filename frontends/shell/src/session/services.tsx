import { createContext, useContext, type ReactNode } from 'react';
import type { CartStore, DeviceId, SessionStore } from '@beatmatch/frontend-common/sdk';
import type { BeatmatchApi } from '../api/beatmatch';
import type { AppConfig } from '../config/appConfig';

/** What the screens need from outside, handed in so tests can give fakes. */
export interface Services {
  api: BeatmatchApi;
  config: AppConfig;
  /** The SDK's device uuid (issued on the first login or swipe). */
  device: DeviceId;
  /** The SDK's session and cart (the page's one instance; tests get their own). */
  session?: SessionStore;
  cart?: CartStore;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesProvider');
  return services;
}
