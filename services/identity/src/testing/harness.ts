import { eventStoreSchema, InProcessEventBus, SmtpMailer, type EventStore } from '@beatmatch/platform';
import {
  serviceTestbed,
  startSmtpCapture,
  type CapturedMail,
  type ServiceTestbed,
  type SmtpCapture,
} from '@beatmatch/testing';
import { createIdentityService, type IdentityServiceOptions } from '../index';
import { createMailSender } from '../mail/sender';

export type IdentityService = Awaited<ReturnType<typeof createIdentityService>>;

/** The secret codes, links and reset keys are made with in these suites. */
export const TEST_SECRET = 'a-test-secret-of-at-least-32-characters';
export const SUPPORT_EMAIL = 'support@beatmatch.test';

/** Identity's real-server suites: the shared testbed and a real SMTP server capturing every mail. */
export interface IdentityTestbed extends ServiceTestbed {
  readonly smtp: SmtpCapture;
  /** The mailer the service sends through: the capturing server unless another is given. */
  mailer(url?: string): SmtpMailer;
  /** The captured mails to an address, oldest first. */
  mailsTo(email: string): CapturedMail[];
  /** Identity on the suite's schema and SMTP server (an in-process bus unless given), stopped at close. */
  identity(options?: Partial<IdentityServiceOptions>): Promise<IdentityService>;
  /** Identity's mail sender on a store of the suite (the way the service sends its mails). */
  mailSender(store: EventStore, mailer?: SmtpMailer): ReturnType<typeof createMailSender>;
  /** The event store's tables in the suite's schema, for suites that build the pieces by hand. */
  createEventStoreTables(): Promise<void>;
}

export async function identityTestbed(name: string): Promise<IdentityTestbed> {
  const bed = await serviceTestbed({ schema: `identity_${name}` });
  const smtp = await startSmtpCapture();
  bed.onClose(() => smtp.close());
  const mailer = (url = smtp.url) => new SmtpMailer(url, 'no-reply@beatmatch.test');
  return {
    ...bed,
    smtp,
    mailer,
    mailsTo: (email) => smtp.messages.filter((mail) => mail.to.includes(email)),
    async identity(options = {}) {
      const service = await createIdentityService({
        db: bed.db,
        bus: new InProcessEventBus(),
        mailer: mailer(),
        verifier: bed.verifier,
        logger: bed.logger,
        secret: TEST_SECRET,
        publicUrl: () => 'http://beatmatch.test',
        relayPollMs: 50,
        schema: bed.schema,
        blobs: () => bed.blobStore(),
        ...options,
      });
      bed.onClose(() => service.stop());
      return service;
    },
    mailSender: (store, through = mailer()) =>
      createMailSender({
        store,
        mailer: through,
        secret: TEST_SECRET,
        publicUrl: () => 'http://beatmatch.test',
        supportEmail: SUPPORT_EMAIL,
        clock: () => new Date(),
        logger: bed.logger,
      }),
    createEventStoreTables: () =>
      bed.db.exec(`CREATE SCHEMA IF NOT EXISTS ${bed.schema};` + eventStoreSchema(bed.schema)),
  };
}
