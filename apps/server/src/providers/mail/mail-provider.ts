export interface MailMessage {
  to: string;
  subject: string;
  /** Where a reply goes, when not to the sender (an access request: the visitor who asked). */
  replyTo?: string;
  text: string;
  html?: string;
}

/** Sends mail: SMTP when SMTP_URL is set, otherwise the outbox table (see outbox.ts). */
export interface MailProvider {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}
