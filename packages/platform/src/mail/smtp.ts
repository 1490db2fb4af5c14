import nodemailer, { type Transporter } from 'nodemailer';
import { inSpan } from '../telemetry/telemetry';
import type { MailMessage, Mailer } from './port';

/** Mail over SMTP through nodemailer (distributed profile); SMTP_URL like smtp://user:pass@host:587. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await inSpan('mail.send', { 'beatmatch.mail.subject': message.subject }, () =>
      this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      }),
    );
  }

  close(): void {
    this.transport.close();
  }
}
