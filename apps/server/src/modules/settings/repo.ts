import { sql } from 'kysely';
import { readSettingsSection, type SettingsSection, type SettingsSectionName } from '@wholesail/domain';
import type { Tx } from '../../db/scope';

/**
 * One section of the organization's settings over its defaults. With `lock`, the settings row stays locked until
 * the transaction ends: a save that compares the section before and after it (calls/settings.ts) reads it so.
 */
export async function readSection<K extends SettingsSectionName>(tx: Tx, organizationId: string, name: K, lock = false): Promise<SettingsSection<K>> {
  const q = tx
    .selectFrom('organization_settings')
    .select(sql<unknown>`settings -> ${name}`.as('section'))
    .where('organization_id', '=', organizationId);
  const row = await (lock ? q.forUpdate() : q).executeTakeFirst();
  return readSettingsSection(name, row?.section);
}

/**
 * Writes the keys of `patch` into one section, in one statement that reads the row as it is when its lock is
 * granted: a save of another section, or of other keys of this one, made at the same moment stands. Answers the
 * section as now stored.
 */
export async function mergeSection<K extends SettingsSectionName>(
  tx: Tx,
  organizationId: string,
  name: K,
  patch: Partial<SettingsSection<K>>,
): Promise<SettingsSection<K>> {
  const json = JSON.stringify(patch);
  const { rows } = await sql<{ section: unknown }>`
    insert into organization_settings (organization_id, settings) values (${organizationId}, jsonb_build_object(${name}::text, ${json}::jsonb))
    on conflict (organization_id) do update
      set settings = jsonb_set(organization_settings.settings, array[${name}::text], coalesce(organization_settings.settings -> ${name}, '{}'::jsonb) || ${json}::jsonb),
          updated_at = now()
    returning settings -> ${name} as section`.execute(tx);
  return readSettingsSection(name, rows[0]?.section);
}
