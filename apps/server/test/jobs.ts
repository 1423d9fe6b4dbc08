import { sql, type Kysely } from 'kysely';
import type { DB } from '../src/db/types';

/** The jobs pg-boss holds for a lead, a conversation or an import, as the schema owner sees them. */
export async function jobsFor(db: Kysely<DB>, name: string, field: 'leadId' | 'conversationId' | 'importId', id: string) {
  const r = await sql<{ state: string; output: Record<string, unknown> | null; singleton_key: string | null }>`
    select state, output, singleton_key from pgboss.job where name = ${name} and data->>${field} = ${id} order by created_on`.execute(db);
  return r.rows;
}
