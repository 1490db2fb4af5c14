import { DEVICE_UUID_KEY, createDeviceId } from './device';
import { memoryStorage } from '../testing/memoryStorage';

describe('the device uuid (the SDK is its one issuer)', () => {
  it('answers the stored uuid without asking the gateway', async () => {
    const exclude = jest.fn(async () => ({ uuid: 'issued' }));
    const device = createDeviceId(exclude, memoryStorage({ [DEVICE_UUID_KEY]: 'kept' }));
    await expect(device.ensure()).resolves.toBe('kept');
    expect(exclude).not.toHaveBeenCalled();
  });

  it('issues one uuid for calls made at the same time and keeps it', async () => {
    const exclude = jest.fn(async () => ({ uuid: 'issued' }));
    const storage = memoryStorage();
    const device = createDeviceId(exclude, storage);
    expect(device.stored()).toBeNull();
    await expect(Promise.all([device.ensure(), device.ensure()])).resolves.toEqual(['issued', 'issued']);
    expect(exclude).toHaveBeenCalledTimes(1);
    expect(storage.getItem(DEVICE_UUID_KEY)).toBe('issued');
  });

  it('keeps the uuid another tab stored meanwhile (a new issue only renews the cookie)', async () => {
    const storage = memoryStorage();
    const device = createDeviceId(async () => {
      storage.setItem(DEVICE_UUID_KEY, 'other-tab');
      return { uuid: 'issued' };
    }, storage);
    await expect(device.issue()).resolves.toBe('other-tab');
    expect(device.stored()).toBe('other-tab');
  });

  it('asks again after a failed issue', async () => {
    const exclude = jest
      .fn<Promise<{ uuid: string }>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ uuid: 'issued' });
    const device = createDeviceId(exclude, memoryStorage());
    await expect(device.ensure()).rejects.toThrow('offline');
    await expect(device.ensure()).resolves.toBe('issued');
  });
});
