// The device uuid a visitor is known by (artist-side spec §3, §4): the gateway hands one out with the
// exclude call, which also sets the device cookie it vouches for, and this browser keeps it. The SDK
// is its one issuer and keeper; the shell's login, the matchmaker's calls and the cart all ask here.

/** Where the browser keeps the device uuid (localStorage). */
export const DEVICE_UUID_KEY = 'uuid';

export interface DeviceId {
  /** The stored uuid, or null before this browser was given one. */
  stored(): string | null;
  /** The stored uuid, or (first visit) one issued now. */
  ensure(): Promise<string>;
  /**
   * Asks the gateway for this browser's device (cookie and uuid); calls made at the same time share
   * one request. The uuid is stored unless another tab stored one meanwhile, and the stored one wins.
   */
  issue(): Promise<string>;
}

export function createDeviceId(
  exclude: () => Promise<{ uuid: string }>,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): DeviceId {
  let pending: Promise<string> | undefined;
  const stored = () => storage.getItem(DEVICE_UUID_KEY);

  function issue(): Promise<string> {
    pending ??= exclude()
      .then(({ uuid }) => {
        if (!stored()) storage.setItem(DEVICE_UUID_KEY, uuid);
        return stored() ?? uuid;
      })
      .finally(() => (pending = undefined));
    return pending;
  }

  return {
    stored,
    issue,
    ensure: () => {
      const known = stored();
      return known ? Promise.resolve(known) : issue();
    },
  };
}
