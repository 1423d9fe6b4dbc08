import type { Invitation } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import type { Invitations } from '../../db/types';
import type { Selectable } from 'kysely';

type Row = Selectable<Invitations>;

/** Named, not `*`: see LEAD_COLUMNS (leads/repo.ts). */
export const INVITATION_COLUMNS = [
  'organization_id', 'id', 'email', 'role', 'token_hash', 'invited_by', 'expires_at', 'accepted_at', 'accepted_by', 'revoked_at', 'created_at',
] as const;

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
    expires_at: iso(row.expires_at),
    created_at: iso(row.created_at),
  };
}

export async function listInvitations(tx: Tx, organizationId: string): Promise<Invitation[]> {
  const rows = await tx
    .selectFrom('invitations')
    .select(INVITATION_COLUMNS)
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
    .select(INVITATION_COLUMNS.map((c) => `invitations.${c}` as const))
    .select('organizations.name as organization_name')
    .where('invitations.token_hash', '=', tokenHash);
  return (lock ? query.forUpdate('invitations') : query).executeTakeFirst();
}
