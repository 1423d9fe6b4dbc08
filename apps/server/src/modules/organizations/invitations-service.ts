import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { InvitationPreview } from '@wholesail/domain';
import type { SessionContext } from '../../auth/session';
import { withSystem, type Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import type { DB } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { badRequest, conflict, forbidden, gone, notFound } from '../../http/errors';
import type { MailProvider } from '../../providers/mail';
import { insertUserWithPassword } from '../../auth/users';
import { audit } from '../audit/audit';
import { findProfile, upsertProfile } from './repo';
import { findInvitationByTokenHash, INVITATION_COLUMNS, invitationStatus, listInvitations, toInvitation } from './invitations-repo';

export const INVITATION_DAYS = 7;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface InvitationDeps {
  db: Kysely<DB>;
  mail: MailProvider;
  publicUrl: string;
  /** Signs the mailed link's proof (the auth secret). */
  secret: string;
}

/**
 * The proof only the mailed link carries (the link the inviter is shown has none): whoever presents it opened
 * the mail, so the invited address is theirs. Derived from the token, nothing more to store.
 */
const mailProof = (secret: string, token: string) => crypto.createHmac('sha256', secret).update(`invitation-mail:${token}`).digest('base64url');

function provesMailbox(secret: string, token: string, proof: string | undefined): boolean {
  if (!proof) return false;
  const expected = Buffer.from(mailProof(secret, token));
  const given = Buffer.from(proof);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export function getInvitations(ctx: RequestContext) {
  return ctx.read((tx) => listInvitations(tx, ctx.organizationId));
}

/** Invites an email into the caller's organization; older pending invitations for it are revoked. */
export async function inviteMember(deps: InvitationDeps, ctx: RequestContext, email: string, role: 'admin' | 'member') {
  const token = crypto.randomBytes(24).toString('base64url');
  const link = `${deps.publicUrl}/accept-invitation/${token}`;
  const { invitation, organizationName } = await ctx.write(async (tx) => {
    const member = await tx
      .selectFrom('user_profiles')
      .innerJoin('users', 'users.id', 'user_profiles.id')
      .select('users.id')
      .where('user_profiles.organization_id', '=', ctx.organizationId)
      .where('users.email', '=', email)
      .executeTakeFirst();
    if (member) throw conflict(`${email} is already a member of this organization`, 'ALREADY_MEMBER');
    await tx
      .updateTable('invitations')
      .set({ revoked_at: new Date() })
      .where('organization_id', '=', ctx.organizationId)
      .where('email', '=', email)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    const row = await tx
      .insertInto('invitations')
      .values({
        organization_id: ctx.organizationId,
        email,
        role,
        token_hash: hashToken(token),
        invited_by: ctx.user.id,
        expires_at: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
      })
      .returning(INVITATION_COLUMNS)
      .executeTakeFirstOrThrow();
    await audit(tx, ctx, 'invitation.created', { type: 'invitation', id: row.id }, { email, role });
    const org = await tx.selectFrom('organizations').select('name').where('id', '=', ctx.organizationId).executeTakeFirstOrThrow();
    return { invitation: toInvitation(row), organizationName: org.name };
  });
  await deps.mail.send({
    organizationId: ctx.organizationId,
    to: email,
    subject: `${ctx.user.name} invited you to ${organizationName} on Wholesail`,
    text:
      `${ctx.user.name} (${ctx.user.email}) invited you to join ${organizationName} on Wholesail.\n\n` +
      `Accept the invitation here (the link expires in ${INVITATION_DAYS} days):\n\n${link}?proof=${mailProof(deps.secret, token)}\n`,
  });
  return { invitation, link };
}

export async function revokeInvitation(ctx: RequestContext, id: string) {
  await ctx.write(async (tx) => {
    const row = await tx
      .updateTable('invitations')
      .set({ revoked_at: new Date() })
      .where('organization_id', '=', ctx.organizationId)
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw notFound('Invitation not found');
    await audit(tx, ctx, 'invitation.revoked', { type: 'invitation', id: id });
  });
}

/** Looks a token up and refuses unknown, used, revoked and expired ones with a message for the invitee. */
async function usableInvitation(tx: Tx, token: string, lock = false) {
  const row = await findInvitationByTokenHash(tx, hashToken(token), lock);
  if (!row) throw notFound('Invitation not found. Check that you copied the whole link.');
  const status = invitationStatus(row);
  if (status === 'accepted') throw gone('This invitation has already been used', 'INVITATION_USED');
  if (status === 'revoked') throw gone('This invitation has been revoked', 'INVITATION_REVOKED');
  if (status === 'expired') throw gone('This invitation has expired. Ask for a new one.', 'INVITATION_EXPIRED');
  return row;
}

export function previewInvitation(db: Kysely<DB>, token: string): Promise<InvitationPreview> {
  return withSystem(db, async (tx) => {
    const row = await usableInvitation(tx, token);
    return { email: row.email, organization_name: row.organization_name, role: row.role, expires_at: iso(row.expires_at) };
  });
}

/**
 * Accepts an invitation. A signed-in invitee joins with their account (its email must match); a
 * signed-out one creates the account here, since sign-up is closed; the route then signs them in. The address
 * is marked verified only when the mailed link's proof comes with it (a link copied from the inviter's screen
 * proves nothing about the mailbox). `sessionsChanged` is told once the new membership is committed.
 */
export async function acceptInvitation(
  deps: InvitationDeps & { sessionsChanged: () => void },
  token: string,
  session: SessionContext | null,
  body: { name?: string; password?: string; emailProof?: string },
) {
  const verified = provesMailbox(deps.secret, token, body.emailProof);
  const accepted = await withSystem(deps.db, async (tx) => {
    // The row lock makes a second accept of the same token wait, then see it used.
    const row = await usableInvitation(tx, token, true);
    let userId: string;
    if (session) {
      if (session.user.email.toLowerCase() !== row.email) {
        throw forbidden(`This invitation was sent to ${row.email}, but you are signed in as ${session.user.email}. Sign out and open the link again.`, 'WRONG_EMAIL');
      }
      const profile = await findProfile(tx, session.user.id);
      if (profile?.organization_id) throw conflict('You already belong to an organization', 'ALREADY_IN_ORGANIZATION');
      userId = session.user.id;
      if (verified) await tx.updateTable('users').set({ email_verified: true }).where('id', '=', userId).execute();
    } else {
      const existing = await tx.selectFrom('users').select('id').where('email', '=', row.email).executeTakeFirst();
      if (existing) throw conflict('An account with this email already exists. Sign in with it, then open this link again.', 'ACCOUNT_EXISTS');
      if (!body.name || !body.password) throw badRequest('name and password are required to create your account', 'VALIDATION_ERROR');
      userId = await insertUserWithPassword(tx, { email: row.email, name: body.name, password: body.password, emailVerified: verified });
    }
    await upsertProfile(tx, userId, row.organization_id, row.role);
    await tx
      .updateTable('invitations')
      .set({ accepted_at: new Date(), accepted_by: userId })
      .where('organization_id', '=', row.organization_id)
      .where('id', '=', row.id)
      .execute();
    await audit(tx, { organizationId: row.organization_id, user: { id: userId } }, 'invitation.accepted', { type: 'invitation', id: row.id });
    return { organization: { id: row.organization_id, name: row.organization_name }, email: row.email };
  });
  deps.sessionsChanged();
  return accepted;
}
