import { PACK_MESSAGES } from '@beatmatch/contracts';
import { DomainError, handleCommand, type EventStore, type OutgoingMessage } from '@beatmatch/platform';
import { packDecider, type PackCommand, type SaveShares } from './businessLogic';
import { PACK_MAIL_TOPIC, packMail } from './mail';
import { packStream, type ExistingPack, type PackEvent, type Pack } from './pack';
import {
  emailHash,
  newId,
  newPackCode,
  newUrlId,
  newViewerToken,
  packCodeHash,
  viewerTokenHash,
} from './secrets';
import { viewerDecider, viewerStream, type ViewerCommand } from './viewer';

/** Each new share is e-mailed to its address, in the same transaction (the outbox). */
function shareMails(events: PackEvent[], state: Pack): OutgoingMessage[] {
  if (state.status !== 'created') return [];
  return events.flatMap((event) =>
    event.type === 'PackShared'
      ? [
          packMail(
            {
              kind: 'packShared',
              email: event.data.email,
              packName: state.name,
              producerName: state.producerName,
              urlId: state.urlId,
            },
            new Date(event.data.sharedAt),
          ),
        ]
      : [],
  );
}

/** The one way anything changes a pack or a visitor's verification. */
export function createPackCommands(store: EventStore, clock: () => Date) {
  const metadata = () => ({ now: clock() });
  const run = async (packId: string, command: PackCommand) =>
    (
      await handleCommand(store, packStream(packId), packDecider, command, {
        publish: { topic: PACK_MAIL_TOPIC, map: shareMails },
      })
    ).newState as ExistingPack;
  const runViewer = (email: string, command: ViewerCommand, mails: OutgoingMessage[] = []) =>
    handleCommand(store, viewerStream(emailHash(email)), viewerDecider, command, {
      publish: { topic: PACK_MAIL_TOPIC, map: () => mails },
    });

  return {
    createPack(data: { producerId: string; producerName: string; name: string; isPrivate: boolean }) {
      const packId = newId();
      return run(packId, {
        type: 'CreatePack',
        data: { ...data, packId, urlId: newUrlId() },
        metadata: metadata(),
      });
    },
    addBeat: (packId: string, data: Extract<PackCommand, { type: 'AddBeatToPack' }>['data']) =>
      run(packId, { type: 'AddBeatToPack', data, metadata: metadata() }),
    removeBeat: (packId: string, producerId: string, beatId: string) =>
      run(packId, { type: 'RemoveBeatFromPack', data: { producerId, beatId }, metadata: metadata() }),
    saveShares: (packId: string, data: Omit<SaveShares['data'], 'newShareId'>) =>
      run(packId, { type: 'SaveShares', data: { ...data, newShareId: newId }, metadata: metadata() }),
    /** Step 1: a code for an address that packs are shared with, mailed with it. */
    async issueCode(email: string): Promise<void> {
      const code = newPackCode();
      const command = {
        type: 'IssueCode' as const,
        data: { codeHash: packCodeHash(email, code) },
        metadata: metadata(),
      };
      await runViewer(email, command, [packMail({ kind: 'packCode', email, code }, command.metadata.now)]);
    },
    /** Step 2: the code checked; a right one answers a viewer token (only its hash is kept). */
    async checkCode(email: string, code: string): Promise<{ access: string; expiresAt: string }> {
      const access = newViewerToken();
      const data = { email, codeHash: packCodeHash(email, code), tokenHash: viewerTokenHash(access) };
      const { newEvents } = await runViewer(email, { type: 'CheckCode', data, metadata: metadata() });
      const verified = newEvents.find((event) => event.type === 'PackViewerVerified');
      if (!verified) throw new DomainError('code_wrong', PACK_MESSAGES.codeWrong, 400);
      return { access, expiresAt: verified.data.expiresAt };
    },
  };
}

export type PackCommands = ReturnType<typeof createPackCommands>;
