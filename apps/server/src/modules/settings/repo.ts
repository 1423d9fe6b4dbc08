import type { Tx } from '../../db/scope';

export async function findSettings(tx: Tx, organizationId: string): Promise<Record<string, unknown> | null> {
  const row = await tx
    .selectFrom('organization_settings')
    .select('settings')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row ? row.settings : null;
}

export async function upsertSettings(tx: Tx, organizationId: string, settings: Record<string, unknown>): Promise<void> {
  const json = JSON.stringify(settings);
  await tx
    .insertInto('organization_settings')
    .values({ organization_id: organizationId, settings: json })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet({ settings: json, updated_at: new Date() }))
    .execute();
}
