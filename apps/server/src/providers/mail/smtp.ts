import nodemailer from 'nodemailer';
import type { MailProvider } from './mail-provider';

export function smtpMail(url: string, from: string): MailProvider {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, to: message.to, replyTo: message.replyTo, subject: message.subject, text: message.text, html: message.html });
    },
  };
}
