import { createHmac, timingSafeEqual } from 'node:crypto';
import { PassedChecks } from './passedChecks';

/** The browser's device uuid as the gateway issued it (httpOnly, signed: `uuid.mac`). */
export const DEVICE_COOKIE = 'bm_device';
export const DEVICE_COOKIE_MAX_AGE_MS = 400 * 86_400_000;
const DEVICE_ID = /^[A-Za-z0-9-]{1,64}$/;
export const isDeviceId = (value: unknown): value is string =>
  typeof value === 'string' && DEVICE_ID.test(value);

/**
 * Seals and opens the device cookie. A device uuid is issued by identity (the exclude call) and the
 * gateway vouches for it as the caller's `deviceId` only when the browser sends it back in this cookie
 * with the gateway's MAC: knowing another device's uuid is not enough to act as that device. The key is
 * derived from the gateway's secret (shared by every replica), separate from the CSRF tokens' use of it.
 */
export class DeviceCookie {
  private readonly key: Buffer;
  /** Cookies that opened, with their device uuid: a listener's swipes cost one HMAC, not one each. */
  private readonly opened = new PassedChecks<string>();

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('beatmatch device cookie v1').digest();
  }

  private mac(deviceId: string): Buffer {
    return createHmac('sha256', this.key).update(deviceId).digest();
  }

  seal(deviceId: string): string {
    if (!DEVICE_ID.test(deviceId)) throw new Error('not a device id');
    return `${deviceId}.${this.mac(deviceId).toString('base64url')}`;
  }

  /** The device uuid of a cookie the gateway sealed; undefined for anything else. */
  open(value: unknown): string | undefined {
    if (typeof value !== 'string' || value.length > 200) return undefined;
    const known = this.opened.get(value);
    if (known !== undefined) return known;
    const deviceId = this.check(value);
    if (deviceId !== undefined) this.opened.remember(value, deviceId);
    return deviceId;
  }

  private check(value: string): string | undefined {
    const dot = value.lastIndexOf('.');
    if (dot < 1) return undefined;
    const deviceId = value.slice(0, dot);
    if (!DEVICE_ID.test(deviceId)) return undefined;
    const given = Buffer.from(value.slice(dot + 1), 'base64url');
    const expected = this.mac(deviceId);
    return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : undefined;
  }
}
