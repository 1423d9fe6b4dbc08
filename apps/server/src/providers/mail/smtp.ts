import nodemailer from 'nodemailer';
import type { MailOutcome, MailProvider } from './mail-provider';

/** SMTP through nodemailer; a message sent for an organization reports its outcome to `onOutcome` (which must not throw). */
export function smtpMail(url: string, from: string, onOutcome?: MailOutcome): MailProvider {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({ from, to: message.to, replyTo: message.replyTo, subject: message.subject, text: message.text, html: message.html });
      } catch (error) {
        if (message.organizationId) await onOutcome?.(message.organizationId, { ok: false, error: `A mail could not be sent: ${error instanceof Error ? error.message : String(error)}` });
        throw error;
      }
      if (message.organizationId) await onOutcome?.(message.organizationId, { ok: true });
    },
  };
}
