import type { EnrolRequest, EnrolResult, Sequence } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { OrgContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { leadExists } from '../activity/repo';
import { enrolLeads, exitEnrolments, type RunQueue } from './enrolments';
import { leadAutomation } from './lead-automation';
import * as repo from './repo';

export const AUTOMATION_MESSAGES = {
  sequenceNotFound: 'Sequence not found',
  leadNotFound: 'Lead not found',
  notEnrolled: 'This lead is not in the sequence',
} as const;

/** The sequence of the caller's organization, or 404 (another organization's id reads as unknown). */
export async function sequenceOr404(tx: Tx, organizationId: string, id: string): Promise<Sequence> {
  const sequence = await repo.findSequence(tx, organizationId, id);
  if (!sequence) throw notFound(AUTOMATION_MESSAGES.sequenceNotFound);
  return sequence;
}

/** Deletes a sequence: its active enrolments end first ('removed', on each lead's timeline), then it goes with its history. */
export async function deleteSequence(tx: Tx, ctx: OrgContext, id: string, now: Date): Promise<void> {
  const sequence = await sequenceOr404(tx, ctx.organizationId, id);
  await exitEnrolments(tx, ctx, sequence, 'removed', now);
  await repo.deleteSequence(tx, ctx.organizationId, id);
}

export async function enrol(tx: Tx, ctx: OrgContext, sequenceId: string, request: EnrolRequest, now: Date, queue: RunQueue): Promise<EnrolResult> {
  return enrolLeads(tx, ctx, await sequenceOr404(tx, ctx.organizationId, sequenceId), request, now, queue);
}

/** DELETE /api/sequences/:id/enrollments/:leadId: a member takes the lead out ('removed'); 404 when it is not in. */
export async function removeLead(tx: Tx, ctx: OrgContext, sequenceId: string, leadId: string, now: Date): Promise<void> {
  const sequence = await sequenceOr404(tx, ctx.organizationId, sequenceId);
  const left = await exitEnrolments(tx, ctx, sequence, 'removed', now, leadId);
  if (left.length === 0) throw notFound(AUTOMATION_MESSAGES.notEnrolled);
}

export async function leadAutomationOr404(tx: Tx, organizationId: string, leadId: string) {
  if (!(await leadExists(tx, organizationId, leadId))) throw notFound(AUTOMATION_MESSAGES.leadNotFound);
  return leadAutomation(tx, organizationId, leadId);
}
