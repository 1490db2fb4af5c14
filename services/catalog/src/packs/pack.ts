/** Domain events of a beat pack (stream `pack:<packId>`). Internal to the catalog. */
export type PackCreated = {
  type: 'PackCreated';
  data: {
    packId: string;
    /** The unguessable id in the pack's link (/packs?id=). */
    urlId: string;
    producerId: string;
    producerName: string;
    name: string;
    isPrivate: boolean;
    createdAt: string;
  };
};
export type PackBeatAdded = { type: 'PackBeatAdded'; data: { beatId: string; addedAt: string } };
export type PackBeatRemoved = { type: 'PackBeatRemoved'; data: { beatId: string; removedAt: string } };
export type ShareRights = { downloadMp3: boolean; downloadStems: boolean };
/** A private pack was shared with an address (again, after a removal): it is e-mailed. */
export type PackShared = {
  type: 'PackShared';
  data: { shareId: string; email: string; sharedAt: string } & ShareRights;
};
export type PackShareRightsChanged = {
  type: 'PackShareRightsChanged';
  data: { email: string; changedAt: string } & ShareRights;
};
export type PackShareRemoved = { type: 'PackShareRemoved'; data: { email: string; removedAt: string } };

export type PackEvent =
  PackCreated | PackBeatAdded | PackBeatRemoved | PackShared | PackShareRightsChanged | PackShareRemoved;

export interface Share extends ShareRights {
  shareId: string;
  deleted: boolean;
}

export type Pack =
  | { status: 'none' }
  | {
      status: 'created';
      packId: string;
      urlId: string;
      producerId: string;
      producerName: string;
      name: string;
      isPrivate: boolean;
      beatIds: string[];
      /** By lower-cased e-mail. */
      shares: Record<string, Share>;
    };
export type ExistingPack = Extract<Pack, { status: 'created' }>;

export const packStream = (packId: string) => `pack:${packId}`;
export const initialPack = (): Pack => ({ status: 'none' });

export function evolvePack(state: Pack, event: PackEvent): Pack {
  if (event.type === 'PackCreated') {
    const { createdAt: _createdAt, ...pack } = event.data;
    return { status: 'created', ...pack, beatIds: [], shares: {} };
  }
  if (state.status !== 'created') return state;
  switch (event.type) {
    case 'PackBeatAdded':
      return { ...state, beatIds: [...state.beatIds, event.data.beatId] };
    case 'PackBeatRemoved':
      return { ...state, beatIds: state.beatIds.filter((beatId) => beatId !== event.data.beatId) };
    case 'PackShared': {
      const { shareId, email, downloadMp3, downloadStems } = event.data;
      const share = { shareId, downloadMp3, downloadStems, deleted: false };
      return { ...state, shares: { ...state.shares, [email]: share } };
    }
    case 'PackShareRightsChanged': {
      const { email, downloadMp3, downloadStems } = event.data;
      const share = { ...state.shares[email]!, downloadMp3, downloadStems };
      return { ...state, shares: { ...state.shares, [email]: share } };
    }
    case 'PackShareRemoved': {
      const share = { ...state.shares[event.data.email]!, deleted: true };
      return { ...state, shares: { ...state.shares, [event.data.email]: share } };
    }
  }
}
