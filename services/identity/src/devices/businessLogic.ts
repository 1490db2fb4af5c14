import { DomainError, type Decider } from '@beatmatch/platform';
import { evolve, initialState, type Device, type DeviceEvent } from './device';

export type IssueDeviceId = { type: 'IssueDeviceId'; data: { deviceId: string }; metadata: { now: Date } };

export function decide(command: IssueDeviceId, state: Device): DeviceEvent[] {
  if (state.issued) throw new DomainError('device_exists', 'This device id is already issued.', 409);
  return [
    {
      type: 'DeviceIdIssued',
      data: { deviceId: command.data.deviceId, issuedAt: command.metadata.now.toISOString() },
    },
  ];
}

export const deviceDecider: Decider<Device, IssueDeviceId, DeviceEvent> = { decide, evolve, initialState };
