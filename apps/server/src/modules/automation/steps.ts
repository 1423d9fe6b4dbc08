import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { leadCallingLocation, legalSendTime, renderTemplate, type BulkLeadsChange, type MergeValues, type SequenceStep } from '@wholesail/domain';
import { withTenant } from '../../db/scope';
import type { DB } from '../../db/types';
import type { OrgContext } from '../../http/context';
import { AppError } from '../../http/errors';
import type { MailProvider } from '../../providers/mail';
import { evaluateGate, type GateLead } from '../calls/gate';
import { conversationContext } from '../calls/service';
import type { ConversationsModule } from '../conversations/service';
import { updateLeadsIn } from '../leads/bulk';
import { createAutomaticTask } from './sender';

/** What a step did: done, moved to a later time (why), or skipped (why). */
export type StepOutcome = { state: 'done' } | { state: 'skipped'; reason: string } | { state: 'moved'; at: Date; reason: string };

export interface StepDeps {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  conversations: ConversationsModule;
  mail: MailProvider;
}

/** One step to run for a lead, as `member` (actingMember), at `now` on the automation's clock. */
export interface StepRun {
  step: SequenceStep;
  lead: GateLead;
  member: OrgContext;
  sequenceName: string;
  now: Date;
}

export const STEP_MESSAGES = {
  noEmail: 'The lead has no email address',
  notSent: (error: string) => `The text was not sent: ${error}`,
  mailFailed: (error: string) => `The email was not sent: ${error}`,
} as const;

const DONE: StepOutcome = { state: 'done' };
const MINUTE = 60_000;
const DAY = 86_400_000;
const EMAIL_FIELDS = ['contact_1_email', 'contact_1_email1', 'contact_1_email2', 'contact_1_email3', 'email'] as const;

/** The merge fields: the lead's first name, street and city as the demo line reads them, the acting member as agent. */
export function mergeValues(lead: GateLead, agentName: string): MergeValues {
  const context = conversationContext(lead, agentName);
  return { first_name: context.leadFirstName, street: context.street, city: context.city, agent_name: agentName };
}

/** The next legal minute for the lead after `now` (a refusal for the hours on a clock a minute off still moves forward). */
export function nextLegalMinute(lead: GateLead, now: Date): Date {
  const legal = legalSendTime(leadCallingLocation(lead), now);
  return legal.moved ? legal.at : new Date(now.getTime() + MINUTE);
}

/** The gate's refusal as an outcome: the calling hours move the step to the next legal minute; any other reason skips it. */
function refused(error: AppError, lead: GateLead, now: Date): StepOutcome {
  if (error.code === 'OUTSIDE_CALLING_HOURS') return { state: 'moved', at: nextLegalMinute(lead, now), reason: error.message };
  // The per-number limit counts the last 24 hours: the task waits a day.
  if (error.code === 'CALL_LIMIT_REACHED') return { state: 'moved', at: nextLegalMinute(lead, new Date(now.getTime() + DAY)), reason: error.message };
  return { state: 'skipped', reason: error.message };
}

/**
 * Texts of one acting member, in a batch: the same path as a member's texts (ConversationsModule.sendMany: the gate,
 * the line, the thread, text.sent). The outcomes are in the runs' order.
 */
export async function performTexts(deps: StepDeps, member: OrgContext, runs: readonly StepRun[]): Promise<StepOutcome[]> {
  const texts = runs.map((run) => ({ lead_id: run.lead.id, body: renderTemplate(run.step.body ?? '', mergeValues(run.lead, member.user.name)) }));
  const answers = await deps.conversations.sendMany(member, texts);
  return answers.map((answer, i) => {
    if (answer instanceof AppError) return refused(answer, runs[i]!.lead, runs[i]!.now);
    return answer.status === 'failed' ? { state: 'skipped', reason: STEP_MESSAGES.notSent(answer.error ?? 'the provider refused it') } : DONE;
  });
}

/** A call task for the named member, else the lead's owner (who created it), else the acting member; the gate's Do-Not-Contact and hours checks first. */
async function callTask(deps: StepDeps, run: StepRun): Promise<StepOutcome> {
  const organizationId = run.member.organizationId;
  return withTenant(deps.db, organizationId, async (tx) => {
    const gate = await evaluateGate(tx, { organizationId, leadId: run.lead.id, channel: 'call', lock: false, now: run.now });
    if (!gate.ok) return refused(gate.error, run.lead, run.now);
    const reason = run.step.body?.trim() || `Call the lead (sequence “${run.sequenceName}”)`;
    await createAutomaticTask(tx, run.member, { leadId: run.lead.id, leadOwner: run.lead.created_by as string | null, assigneeId: run.step.assignee_id, due: run.now, reason });
    return DONE;
  });
}

async function email(deps: StepDeps, run: StepRun): Promise<StepOutcome> {
  const to = EMAIL_FIELDS.map((f) => run.lead[f]).find((v): v is string => typeof v === 'string' && v.includes('@'));
  if (!to) return { state: 'skipped', reason: STEP_MESSAGES.noEmail };
  const values = mergeValues(run.lead, run.member.user.name);
  try {
    await deps.mail.send({ organizationId: run.member.organizationId, to: to.trim(), subject: renderTemplate(run.step.subject ?? '', values), text: renderTemplate(run.step.body ?? '', values) });
    return DONE;
  } catch (error) {
    return { state: 'skipped', reason: STEP_MESSAGES.mailFailed(error instanceof Error ? error.message : String(error)) };
  }
}

/** Status and tags through the leads module's own bulk change (its rules, its timeline entry and lead.updated). */
async function leadChange(deps: StepDeps, run: StepRun): Promise<StepOutcome> {
  const { kind, status, tag } = run.step;
  // The sequence's schema allows only live statuses and normalized tags, as the bulk change's body does.
  const ids = [run.lead.id];
  const change: BulkLeadsChange = kind === 'set_status' ? { ids, status: status as BulkLeadsChange['status'] } : kind === 'add_tag' ? { ids, add_tags: [tag!] } : { ids, remove_tags: [tag!] };
  await withTenant(deps.db, run.member.organizationId, (tx) => updateLeadsIn(tx, run.member, change));
  return DONE;
}

/** Performs one step; the caller has claimed its run, so this happens once. */
export function performStep(deps: StepDeps, run: StepRun): Promise<StepOutcome> {
  switch (run.step.kind) {
    case 'text':
      return performTexts(deps, run.member, [run]).then(([outcome]) => outcome!);
    case 'email':
      return email(deps, run);
    case 'call_task':
      return callTask(deps, run);
    case 'set_status':
    case 'add_tag':
    case 'remove_tag':
      return leadChange(deps, run);
    case 'wait_until':
      return Promise.resolve(DONE);
  }
}
