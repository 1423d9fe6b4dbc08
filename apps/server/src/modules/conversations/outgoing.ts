import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ConversationMessage, SendTextBody, VoiceProviderChoice } from '@wholesail/domain';
import { withTenant } from '../../db/scope';
import type { DB } from '../../db/types';
import type { OrgContext } from '../../http/context';
import { AppError } from '../../http/errors';
import type { OutboundSms, SmsProvider, SmsSendResult } from '../../providers/sms';
import { LEAD_ACTIVITY } from '../activity/actions';
import { auditRows } from '../audit/audit';
import { evaluateTextGates, type GateRequest } from '../calls/gate';
import { conversationContext } from '../calls/service';
import { emitEach } from '../outbox/emit';
import { callerIdsFor } from '../phone-numbers/service';
import * as repo from './repo';

/** activity_logs action of a refused text (the gate's refusals; calls keep theirs in call_events). */
export const SMS_REFUSED_ACTION = 'sms.refused';
/** The start of a text as its lead's timeline quotes it. */
export const preview = (body: string) => (body.length > 120 ? `${body.slice(0, 119)}…` : body);
/** Texts handed to the provider at once (Twilio's API takes one message a request). */
const PROVIDER_CONCURRENCY = 10;

export interface OutgoingDeps {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  now: Date;
  /** The organization's texting line for the gate's voice line choice, or the refusal when it cannot text. */
  lineFor: (gate: { voiceProvider: VoiceProviderChoice }) => SmsProvider | AppError;
}

/** A text the gate let through, stored 'queued' and ready for its line. */
type Passed = { index: number; line: SmsProvider; outbound: OutboundSms; queued?: repo.MessageRow };

/**
 * A member's texts (one typed in a thread, or a batch of a sequence's steps): the gate for each, in one transaction
 * that stores the passed ones 'queued' and each refusal in activity_logs (`sms.refused`); then each handed to its
 * line; then, in one transaction, each stored 'sent' with the provider's sid (text.sent emitted) or 'failed' with the
 * reason, with its timeline entry. The answers are in the texts' order: the stored message, or the gate's refusal.
 */
export async function sendTexts(deps: OutgoingDeps, ctx: OrgContext, texts: readonly SendTextBody[]): Promise<Array<ConversationMessage | AppError>> {
  const { organizationId } = ctx;
  const answers: Array<ConversationMessage | AppError> = [];
  const passed = await withTenant(deps.db, organizationId, async (tx) => {
    const choosing = texts.filter((t) => !t.from_e164).map((t) => t.lead_id);
    const chosen = choosing.length > 0 ? await callerIdsFor(tx, ctx, choosing) : new Map<string, string | null>();
    const fromFor = (text: SendTextBody): GateRequest['from'] => text.from_e164 ?? (() => Promise.resolve(chosen.get(text.lead_id) ?? null));
    const gates = await evaluateTextGates(tx, { organizationId, texts: texts.map((t) => ({ leadId: t.lead_id, from: fromFor(t) })), now: deps.now });
    const ok: Passed[] = [];
    const refused: Parameters<typeof auditRows>[2][number][] = [];
    gates.forEach((gate, index) => {
      const text = texts[index]!;
      const line = gate.ok ? deps.lineFor(gate) : gate.error;
      if (!gate.ok || line instanceof AppError) {
        const error = gate.ok ? (line as AppError) : gate.error;
        const details = gate.ok ? { code: error.code, to_e164: gate.to, from_e164: gate.from } : gate.details;
        answers[index] = error;
        refused.push({ action: SMS_REFUSED_ACTION, target: { type: 'lead', id: text.lead_id }, details: { reason: error.message, from_e164: text.from_e164 ?? null, body_length: text.body.length, ...details } });
        return;
      }
      const outbound: OutboundSms = {
        conversationId: crypto.randomUUID(), organizationId, leadId: gate.lead.id, from: gate.from!, to: gate.to!, body: text.body,
        seller: conversationContext(gate.lead as Parameters<typeof conversationContext>[0], ctx.user.name),
      };
      ok.push({ index, line: line as SmsProvider, outbound });
    });
    const queued = await repo.insertQueued(tx, ok.map(({ outbound: o }) => ({
      id: o.conversationId, organization_id: organizationId, lead_id: o.leadId!, body: o.body, direction: 'outbound' as const, status: 'queued' as const,
      from_e164: o.from, to_e164: o.to, user_id: ctx.user.id,
    })));
    await auditRows(tx, ctx, refused);
    const byId = new Map(queued.map((row) => [row.id, row]));
    return ok.map((item) => ({ ...item, queued: byId.get(item.outbound.conversationId) }));
  });
  if (passed.length === 0) return answers;
  const sent = await handOver(passed);
  const stored = await withTenant(deps.db, organizationId, async (tx) => {
    const rows = await repo.settleQueued(tx, organizationId, passed.map(({ outbound }, i) => {
      const result = sent[i]!;
      return { id: outbound.conversationId, status: result.ok ? 'sent' : 'failed', sid: result.ok ? result.sid : null, error: result.ok ? null : result.error };
    }));
    const settled = new Map(rows.map((r) => [r.id, r]));
    await auditRows(tx, ctx, passed.filter(({ outbound }) => settled.has(outbound.conversationId)).map(({ outbound }) => {
      const row = settled.get(outbound.conversationId)!;
      return {
        action: LEAD_ACTIVITY.textSent, target: { type: 'lead', id: outbound.leadId },
        details: { conversation_id: row.id, status: row.status, preview: preview(row.body), ...(row.status === 'failed' ? { error: row.error } : {}) },
      };
    }));
    await emitEach(tx, rows.filter((r) => r.status === 'sent').map((r) => ({ type: 'text.sent' as const, organizationId, conversationId: r.id, leadId: r.lead_id! })));
    return settled;
  });
  passed.forEach(({ index, line, outbound, queued }, i) => {
    const result = sent[i]!;
    if (!result.ok) deps.log.warn({ conversationId: outbound.conversationId, error: result.error, provider: line.kind }, 'text not accepted by the provider');
    if (result.ok) line.accepted?.({ ...outbound, sid: result.sid });
    const row = stored.get(outbound.conversationId);
    // A row no longer queued when the answer was stored (a delivery report came first) is answered as it was queued.
    answers[index] = repo.toMessage(row ?? queued!);
  });
  return answers;
}

/** Each passed text handed to its line, a few at a time; a line that throws answers a failure, not an exception. */
async function handOver(passed: readonly Passed[]): Promise<SmsSendResult[]> {
  const results: SmsSendResult[] = [];
  for (let i = 0; i < passed.length; i += PROVIDER_CONCURRENCY) {
    const chunk = passed.slice(i, i + PROVIDER_CONCURRENCY);
    results.push(...(await Promise.all(chunk.map(({ line, outbound }) =>
      line.send(outbound).catch((error: unknown): SmsSendResult => ({ ok: false, error: error instanceof Error ? error.message : 'The message could not be sent' }))))));
  }
  return results;
}
