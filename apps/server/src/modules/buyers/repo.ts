import { sql } from 'kysely';
import { buyBoxSchema, type Buyer } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';

type BuyerRow = Omit<Buyer, 'created_at' | 'updated_at' | 'buy_box'> & { buy_box: unknown; created_at: Date | string; updated_at: Date | string };

/** Named, not `*`: see LEAD_COLUMNS (leads/repo.ts). */
export const BUYER_COLUMNS = [
  'id', 'organization_id', 'contact_name', 'company_name', 'buyer_score', 'is_active', 'primary_email', 'primary_phone', 'notes', 'buy_box', 'created_at', 'updated_at',
] as const;

export const toBuyer = (row: BuyerRow): Buyer => ({
  ...row,
  // Read through the schema: a box stored before a criterion existed reads with that criterion's default.
  buy_box: buyBoxSchema.parse(typeof row.buy_box === 'string' ? JSON.parse(row.buy_box) : (row.buy_box ?? {})),
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

/** The buyers the list's filters leave (the list and its export). */
export function filteredBuyers(tx: Tx, organizationId: string, f: { active?: boolean; minScore?: number }) {
  let q = tx.selectFrom('buyers').where('organization_id', '=', organizationId);
  if (f.active !== undefined) q = q.where('is_active', '=', f.active);
  if (f.minScore !== undefined) q = q.where('buyer_score', '>=', f.minScore);
  return q;
}

export async function listBuyers(tx: Tx, organizationId: string, f: { active?: boolean; minScore?: number; limit: number; offset: number }) {
  const q = filteredBuyers(tx, organizationId, f);
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

/** jsonb travels as text, the same on both drivers. */
const stored = (values: Record<string, unknown>) => (values.buy_box === undefined ? values : { ...values, buy_box: JSON.stringify(values.buy_box) });

export async function insertBuyer(tx: Tx, organizationId: string, values: Record<string, unknown>) {
  return toBuyer(
    await tx
      .insertInto('buyers')
      .values({ ...(stored(values) as { contact_name: string }), organization_id: organizationId })
      .returning(BUYER_COLUMNS)
      .executeTakeFirstOrThrow(),
  );
}

export async function updateBuyer(tx: Tx, organizationId: string, id: string, values: Record<string, unknown>) {
  const row = await tx
    .updateTable('buyers')
    .set({ ...stored(values), updated_at: new Date() })
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
