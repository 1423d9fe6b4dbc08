import { sql } from 'kysely';
import type { CreateSequence, Sequence, SequencePatch } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';

/** Named, not `*`: see LEAD_COLUMNS (leads/repo.ts). */
const SEQUENCE_COLUMNS = [
  's.id', 's.name', 's.steps', 's.stop_on_reply', 's.cooldown_days', 's.daily_cap', 's.exit_statuses', 's.created_by', 's.created_at', 's.updated_at',
] as const;

type Counts = Sequence['counts'];
type SequenceRow = Omit<Sequence, 'counts' | 'steps' | 'created_at' | 'updated_at'> & { steps: unknown; created_at: Date | string; updated_at: Date | string };

const toSequence = (row: SequenceRow, counts: Counts): Sequence => ({
  ...row,
  // Written through createSequenceBody/updateSequenceBody only (the route's body schema), so the stored array is the domain's.
  steps: row.steps as Sequence['steps'],
  counts,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

const NO_COUNTS: Counts = { active: 0, completed: 0, exited: 0, replied: 0 };

/** Each sequence's enrolments by status, and its exits by a reply; one grouped read for a page of sequences. */
async function countsOf(tx: Tx, organizationId: string, ids: string[]): Promise<Map<string, Counts>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ sequence_id: string } & Counts>`
    select sequence_id,
      (count(*) filter (where status = 'active'))::int as active,
      (count(*) filter (where status = 'completed'))::int as completed,
      (count(*) filter (where status = 'exited'))::int as exited,
      (count(*) filter (where exit_reason = 'replied'))::int as replied
    from sequence_enrollments
    where organization_id = ${organizationId} and sequence_id = any(${sql.val(ids)}::uuid[])
    group by sequence_id`.execute(tx);
  return new Map(rows.map(({ sequence_id, ...counts }) => [sequence_id, counts]));
}

const sequences = (tx: Tx, organizationId: string) => tx.selectFrom('sequences as s').select(SEQUENCE_COLUMNS).where('s.organization_id', '=', organizationId);

/** The organization's sequences by name, each with its counts. */
export async function listSequences(tx: Tx, organizationId: string): Promise<Sequence[]> {
  const rows = await sequences(tx, organizationId).orderBy('s.name').orderBy('s.id').execute();
  const counts = await countsOf(tx, organizationId, rows.map((r) => r.id));
  return rows.map((row) => toSequence(row, counts.get(row.id) ?? NO_COUNTS));
}

export async function findSequence(tx: Tx, organizationId: string, id: string): Promise<Sequence | null> {
  const row = await sequences(tx, organizationId).where('s.id', '=', id).executeTakeFirst();
  if (!row) return null;
  return toSequence(row, (await countsOf(tx, organizationId, [id])).get(id) ?? NO_COUNTS);
}

export async function insertSequence(tx: Tx, organizationId: string, userId: string, body: CreateSequence): Promise<Sequence> {
  const { id } = await tx
    .insertInto('sequences')
    .values({ ...body, steps: JSON.stringify(body.steps), organization_id: organizationId, created_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findSequence(tx, organizationId, id))!;
}

export async function updateSequence(tx: Tx, organizationId: string, id: string, patch: SequencePatch): Promise<Sequence | null> {
  const { steps, ...rest } = patch;
  const row = await tx
    .updateTable('sequences')
    .set({ ...rest, ...(steps === undefined ? {} : { steps: JSON.stringify(steps) }), updated_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row ? findSequence(tx, organizationId, id) : null;
}

/** Deletes the sequence with its enrolments and step runs (the timeline keeps their entries). */
export async function deleteSequence(tx: Tx, organizationId: string, id: string): Promise<void> {
  await tx.deleteFrom('sequences').where('organization_id', '=', organizationId).where('id', '=', id).execute();
}
