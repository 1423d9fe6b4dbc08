import { sql } from 'kysely';
import type { Buyer } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';

type BuyerRow = Omit<Buyer, 'created_at' | 'updated_at'> & { created_at: Date | string; updated_at: Date | string };

/** Named, not `*`: see LEAD_COLUMNS (leads/repo.ts). */
const BUYER_COLUMNS = [
  'id', 'organization_id', 'contact_name', 'company_name', 'buyer_score', 'is_active', 'primary_email', 'primary_phone', 'notes', 'created_at', 'updated_at',
] as const;

export const toBuyer = (row: BuyerRow): Buyer => ({
  ...row,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

export async function listBuyers(tx: Tx, organizationId: string, f: { active?: boolean; minScore?: number; limit: number; offset: number }) {
  let q = tx.selectFrom('buyers').where('organization_id', '=', organizationId);
  if (f.active !== undefined) q = q.where('is_active', '=', f.active);
  if (f.minScore !== undefined) q = q.where('buyer_score', '>=', f.minScore);
  const [rows, count] = await Promise.all([
    q.select(BUYER_COLUMNS).orderBy('buyer_score', 'desc').orderBy('created_at', 'desc').limit(f.limit).offset(f.offset).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toBuyer), total: count.n };
}

export async function findBuyer(tx: Tx, organizationId: string, id: string) {
  const row = await tx.selectFrom('buyers').select(BUYER_COLUMNS).where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
  return row ? toBuyer(row) : null;
}

export async function insertBuyer(tx: Tx, organizationId: string, values: Record<string, unknown>) {
  return toBuyer(
    await tx
      .insertInto('buyers')
      .values({ ...(values as { contact_name: string }), organization_id: organizationId })
      .returning(BUYER_COLUMNS)
      .executeTakeFirstOrThrow(),
  );
}

export async function updateBuyer(tx: Tx, organizationId: string, id: string, values: Record<string, unknown>) {
  const row = await tx
    .updateTable('buyers')
    .set({ ...values, updated_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returning(BUYER_COLUMNS)
    .executeTakeFirst();
  return row ? toBuyer(row) : null;
}

export async function deleteBuyer(tx: Tx, organizationId: string, id: string) {
  const row = await tx.deleteFrom('buyers').where('organization_id', '=', organizationId).where('id', '=', id).returning('id').executeTakeFirst();
  return Boolean(row);
}
