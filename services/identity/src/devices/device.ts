import { DomainError, type Decider } from '@beatmatch/platform';

/** A visitor's device id (stream `device:<uuid>`): carts and swipes of visitors hang on it. */
export type DeviceIdIssued = { type: 'DeviceIdIssued'; data: { deviceId: string; issuedAt: string } };
export type IssueDeviceId = { type: 'IssueDeviceId'; data: { deviceId: string }; metadata: { now: Date } };
export type Device = { issued: boolean };

export const deviceDecider: Decider<Device, IssueDeviceId, DeviceIdIssued> = {
  initialState: () => ({ issued: false }),
  evolve: (_state, _event) => ({ issued: true }),
  decide(command, state) {
    if (state.issued) throw new DomainError('device_exists', 'This device id is already issued.', 409);
    return [
      {
        type: 'DeviceIdIssued',
        data: { deviceId: command.data.deviceId, issuedAt: command.metadata.now.toISOString() },
      },
    ];
  },
};

export const deviceStream = (deviceId: string) => `device:${deviceId}`;
