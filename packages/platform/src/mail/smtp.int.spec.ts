import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { SmtpMailer } from './smtp';

/**
 * The SMTP adapter against a real SMTP server (smtp-server, in-process, on loopback). Servers and
 * mailers a test opens are closed in afterEach, so a failing assertion cannot leave a handle that
 * keeps jest from exiting.
 */
describe('SmtpMailer', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const closeServer = (smtp: SMTPServer) => () => new Promise<void>((resolve) => smtp.close(() => resolve()));
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => closeServer(server)());

  it('delivers a message with envelope, subject and both bodies', async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Beatmatch <no-reply@beatmatch.test>');
    cleanups.push(() => mailer.close());
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Your Beatmatch code: 123456',
      text: 'Your code is 123456.',
      html: '<p>Your code is <b>123456</b>.</p>',
    });
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('no-reply@beatmatch.test');
    expect(received[0]!.to).toEqual(['ada@example.com']);
    expect(received[0]!.data).toMatch(/^Subject: Your Beatmatch code: 123456/m);
    expect(received[0]!.data).toContain('Your code is 123456.');
    expect(received[0]!.data).toContain('text/html');
  });

  it('fails loudly when the server refuses the recipient', async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo: (_address, _session, callback) => callback(new Error('no such mailbox')),
    });
    cleanups.push(closeServer(refusing));
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const refusingPort = (refusing.server.address() as AddressInfo).port;
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${refusingPort}`, 'no-reply@beatmatch.test');
    cleanups.push(() => mailer.close());
    await expect(mailer.send({ to: 'ghost@example.com', subject: 's', text: 't' })).rejects.toThrow(
      /no such mailbox/,
    );
  });
});
