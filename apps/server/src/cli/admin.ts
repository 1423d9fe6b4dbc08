import { parseArgs } from 'node:util';
import { createInvitationBody, emailSchema, organizationNameSchema, passwordSchema } from '@wholesail/domain';
import { z } from 'zod';
import { resolveAuthSecret } from '../auth/secret';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openConfiguredDatabase } from '../db/from-config';
import { withSystem } from '../db/scope';
import { AppError } from '../http/errors';
import { requestContext } from '../http/context';
import { inviteMember } from '../modules/organizations/invitations-service';
import { provisionOrganization } from '../modules/organizations/provision';
import { createMailProvider } from '../providers/mail';
import pino from 'pino';

const USAGE = `Usage:
  npm run admin -- create-org --name NAME --email EMAIL --password PASSWORD
  npm run admin -- invite --org ORGANIZATION_ID --email EMAIL [--role member|admin]`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function parse<T>(schema: z.ZodType<T>, value: unknown, flag: string): T {
  const result = schema.safeParse(value);
  if (!result.success) fail(`--${flag}: ${result.error.issues[0]?.message ?? 'invalid value'}`);
  return result.data;
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: { name: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, org: { type: 'string' }, role: { type: 'string' } },
  });
  if (command !== 'create-org' && command !== 'invite') fail(USAGE);
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    if (command === 'create-org') {
      const name = parse(organizationNameSchema, values.name, 'name');
      const email = parse(emailSchema, values.email, 'email');
      const password = parse(passwordSchema, values.password, 'password');
      console.log(JSON.stringify(await provisionOrganization(database.db, { name, email, password })));
    } else {
      const orgId = parse(z.uuid('expected an organization id'), values.org, 'org');
      const { email, role } = parse(createInvitationBody, { email: values.email, role: values.role ?? 'member' }, 'email');
      const owner = await withSystem(database.db, (tx) =>
        tx
          .selectFrom('user_profiles')
          .innerJoin('users', 'users.id', 'user_profiles.id')
          .select(['users.id', 'users.email', 'users.name'])
          .where('user_profiles.organization_id', '=', orgId)
          .orderBy('user_profiles.role', 'desc')
          .executeTakeFirst(),
      );
      if (!owner) fail(`No organization ${orgId} (or it has no members)`);
      const mail = createMailProvider({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: database.db, log: pino({ level: 'silent' }) });
      const { link } = await inviteMember(
        { db: database.db, mail, publicUrl: config.publicUrl, secret: resolveAuthSecret(config.AUTH_SECRET, config.DATA_DIR) },
        requestContext(database.db, { user: owner, organizationId: orgId, role: 'owner' }),
        email,
        role,
      );
      console.log(link);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof AppError) fail(error.message);
  console.error(error);
  process.exit(1);
});
