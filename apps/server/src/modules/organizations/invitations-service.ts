import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { InvitationPreview } from '@wholesail/domain';
import type { SessionContext } from '../../auth/session';
import { withSystem, withTenant, type Tx } from '../../db/scope';
import type { DB } from '../../db/types';
import type { OrgContext } from '../../http/context';
import { badRequest, conflict, forbidden, gone, notFound } from '../../http/errors';
import type { MailProvider } from '../../providers/mail';
import { insertUserWithPassword } from '../../auth/users';
import { findProfile, logActivity, upsertProfile } from './repo';
import { findInvitationByTokenHash, invitationStatus, listInvitations, toInvitation } from './invitations-repo';

export const INVITATION_DAYS = 7;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface InvitationDeps {
  db: Kysely<DB>;
  mail: MailProvider;
  publicUrl: string;
}

export function getInvitations(db: Kysely<DB>, ctx: OrgContext) {
  return withTenant(db, ctx.organizationId, (tx) => listInvitations(tx, ctx.organizationId));
}

/** Invites an email into the caller's organization; older pending invitations for it are revoked. */
export async function inviteMember(deps: InvitationDeps, ctx: OrgContext, email: string, role: 'admin' | 'member') {
  const token = crypto.randomBytes(24).toString('base64url');
  const link = `${deps.publicUrl}/accept-invitation/${token}`;
  const { invitation, organizationName } = await withTenant(deps.db, ctx.organizationId, async (tx) => {
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
      .returningAll()
      .executeTakeFirstOrThrow();
    await logActivity(tx, { organizationId: ctx.organizationId, actorId: ctx.user.id, action: 'invitation.created', entityType: 'invitation', entityId: row.id, details: { email, role } });
    const org = await tx.selectFrom('organizations').select('name').where('id', '=', ctx.organizationId).executeTakeFirstOrThrow();
    return { invitation: toInvitation(row), organizationName: org.name };
  });
  await deps.mail.send({
    to: email,
    subject: `${ctx.user.name} invited you to ${organizationName} on Wholesail`,
    text:
      `${ctx.user.name} (${ctx.user.email}) invited you to join ${organizationName} on Wholesail.\n\n` +
      `Accept the invitation here (the link expires in ${INVITATION_DAYS} days):\n\n${link}\n`,
  });
  return { invitation, link };
}

export async function revokeInvitation(db: Kysely<DB>, ctx: OrgContext, id: string) {
  await withTenant(db, ctx.organizationId, async (tx) => {
    const row = await tx
      .updateTable('invitations')
      .set({ revoked_at: new Date() })
      .where('organization_id', '=', ctx.organizationId)
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw notFound('Invitation not found');
    await logActivity(tx, { organizationId: ctx.organizationId, actorId: ctx.user.id, action: 'invitation.revoked', entityType: 'invitation', entityId: id });
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
    return { email: row.email, organization_name: row.organization_name, role: row.role, expires_at: new Date(row.expires_at).toISOString() };
  });
}

/**
 * Accepts an invitation. A signed-in invitee joins with their account (its email must match); a
 * signed-out one creates the account here, since sign-up is closed; the route then signs them in.
 */
export async function acceptInvitation(
  deps: InvitationDeps,
  token: string,
  session: SessionContext | null,
  body: { name?: string; password?: string },
) {
  return withSystem(deps.db, async (tx) => {
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
    } else {
      const existing = await tx.selectFrom('users').select('id').where('email', '=', row.email).executeTakeFirst();
      if (existing) throw conflict('An account with this email already exists. Sign in with it, then open this link again.', 'ACCOUNT_EXISTS');
      if (!body.name || !body.password) throw badRequest('name and password are required to create your account', 'VALIDATION_ERROR');
      userId = await insertUserWithPassword(tx, { email: row.email, name: body.name, password: body.password });
    }
    await upsertProfile(tx, userId, row.organization_id, row.role);
    await tx
      .updateTable('invitations')
      .set({ accepted_at: new Date(), accepted_by: userId })
      .where('organization_id', '=', row.organization_id)
      .where('id', '=', row.id)
      .execute();
    await logActivity(tx, { organizationId: row.organization_id, actorId: userId, action: 'invitation.accepted', entityType: 'invitation', entityId: row.id });
    return { organization: { id: row.organization_id, name: row.organization_name }, email: row.email };
  });
}
