import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/types';
import type { MailProvider } from './mail-provider';

/** Keeps mail in the mail_outbox table and logs it, so links work without a mail server. */
export function outboxMail(db: Kysely<DB>, log: FastifyBaseLogger): MailProvider {
  return {
    kind: 'outbox',
    async send(message) {
      await db
        .insertInto('mail_outbox')
        .values({ to_address: message.to, subject: message.subject, text_body: message.text, html_body: message.html ?? null })
        .execute();
      log.info({ to: message.to, subject: message.subject }, `mail kept in outbox (no SMTP_URL):\n${message.text}`);
    },
  };
}
