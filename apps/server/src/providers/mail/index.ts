import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/types';
import type { MailOutcome, MailProvider } from './mail-provider';
import { outboxMail } from './outbox';
import { smtpMail } from './smtp';

export type { MailMessage, MailOutcome, MailProvider } from './mail-provider';

export function createMailProvider(opts: { smtpUrl?: string; from: string; db: Kysely<DB>; log: FastifyBaseLogger; onOutcome?: MailOutcome }): MailProvider {
  return opts.smtpUrl ? smtpMail(opts.smtpUrl, opts.from, opts.onOutcome) : outboxMail(opts.db, opts.log);
}
