/** A visitor's device id (stream `device:<uuid>`): carts and swipes of visitors hang on it. */
export type DeviceIdIssued = { type: 'DeviceIdIssued'; data: { deviceId: string; issuedAt: string } };
export type DeviceEvent = DeviceIdIssued;
export type Device = { issued: boolean };

export const initialState = (): Device => ({ issued: false });
export const evolve = (_state: Device, _event: DeviceEvent): Device => ({ issued: true });

export const deviceStream = (deviceId: string) => `device:${deviceId}`;
