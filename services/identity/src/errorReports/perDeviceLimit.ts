import { ERROR_REPORT_LIMIT } from '@beatmatch/contracts';

/** Devices remembered at most: the oldest are forgotten first, so the map cannot grow without bound. */
const MAX_DEVICES = 10_000;

/**
 * How many reports each device sent in the current window (in this process: a replica counts its own,
 * which bounds a device to replicas × limit — enough for a log-and-count endpoint).
 */
export function perDeviceLimit(
  limit: { reports: number; windowMs: number } = ERROR_REPORT_LIMIT,
  clock: () => number = Date.now,
) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    /** Counts one report of `device`; false when the device is over its limit for this window. */
    admit(device: string): boolean {
      const now = clock();
      const current = windows.get(device);
      if (!current || now - current.startedAt >= limit.windowMs) {
        windows.delete(device);
        if (windows.size >= MAX_DEVICES) windows.delete(windows.keys().next().value!);
        windows.set(device, { startedAt: now, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= limit.reports;
    },
  };
}
