export interface MailMessage {
  to: string;
  subject: string;
  /** Where a reply goes, when not to the sender (an access request: the visitor who asked). */
  replyTo?: string;
  text: string;
  html?: string;
  /** The organization the mail is sent for, when there is one: its outcome is that organization's SMTP status. */
  organizationId?: string;
}

/** Hears how a mail sent for an organization went (the Integrations screen's status). */
export type MailOutcome = (organizationId: string, outcome: { ok: true } | { ok: false; error: string }) => Promise<void>;

/** Sends mail: SMTP when SMTP_URL is set, otherwise the outbox table (see outbox.ts). */
export interface MailProvider {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}
