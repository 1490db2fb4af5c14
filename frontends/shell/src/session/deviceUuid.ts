import type { BeatmatchApi } from '../api/beatmatch';
import { deviceUuid } from './storage';

/** The device uuid identifies a visitor (anonymous cart, plays); the gateway hands one out once. */
export async function ensureDeviceUuid(api: BeatmatchApi): Promise<string> {
  const known = deviceUuid.get();
  if (known) return known;
  const { uuid } = await api.exclude();
  if (!deviceUuid.get()) deviceUuid.set(uuid);
  return deviceUuid.get() ?? uuid;
}
