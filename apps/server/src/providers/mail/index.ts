import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/types';
import type { MailProvider } from './mail-provider';
import { outboxMail } from './outbox';
import { smtpMail } from './smtp';

export type { MailMessage, MailProvider } from './mail-provider';

export function createMailProvider(opts: { smtpUrl?: string; from: string; db: Kysely<DB>; log: FastifyBaseLogger }): MailProvider {
  return opts.smtpUrl ? smtpMail(opts.smtpUrl, opts.from) : outboxMail(opts.db, opts.log);
}
