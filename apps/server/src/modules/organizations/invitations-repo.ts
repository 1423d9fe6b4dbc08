import type { Invitation } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { InvitationsTable } from '../../db/types';
import type { Selectable } from 'kysely';

type Row = Selectable<InvitationsTable>;

export function invitationStatus(row: Pick<Row, 'accepted_at' | 'revoked_at' | 'expires_at'>, now = new Date()): Invitation['status'] {
  if (row.accepted_at) return 'accepted';
  if (row.revoked_at) return 'revoked';
  return new Date(row.expires_at) <= now ? 'expired' : 'pending';
}

export function toInvitation(row: Row): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: invitationStatus(row),
    expires_at: new Date(row.expires_at).toISOString(),
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function listInvitations(tx: Tx, organizationId: string): Promise<Invitation[]> {
  const rows = await tx
    .selectFrom('invitations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute();
  return rows.map(toInvitation);
}

export async function findInvitationByTokenHash(tx: Tx, tokenHash: string, lock: boolean) {
  const query = tx
    .selectFrom('invitations')
    .innerJoin('organizations', 'organizations.id', 'invitations.organization_id')
    .selectAll('invitations')
    .select('organizations.name as organization_name')
    .where('invitations.token_hash', '=', tokenHash);
  return (lock ? query.forUpdate('invitations') : query).executeTakeFirst();
}
