import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  CALL_MESSAGES, LIVE_CALL_STATUSES, detectDoNotCall, displayName, formatDateTime, leadGreeting, outcomeAllowsFollowUp, statusAfterOutcome,
  VOICE_MESSAGES, type CallSettingsBody, type GreetingInput, type CompleteCallBody, type StartCallBody, type VoiceProviderKind,
} from '@wholesail/domain';
import { withTenant, type Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import type { DB } from '../../db/types';
import type { OrgContext, RequestContext } from '../../http/context';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { DemoLine, TwilioBrowserLine, type ConversationContext, type ProviderCall, type ProviderCallStatus, type VoiceProvider } from '../../providers/voice';
import { DNC_MARKED_ACTION, listLeadNumbers } from '../dnc/service';
import { audit } from '../audit/audit';
import { LEAD_ACTIVITY } from '../activity/actions';
import { deriveLeadColumns } from '../leads/derive';
import { emit } from '../outbox/emit';
import * as leads from '../leads/repo';
import { ingestTranscription } from '../transcription/ingest';
import { leadLines } from '../transcription/repo';
import { evaluateGate, GATE_MESSAGES, type GateLead, type GateResult } from './gate';
import * as repo from './repo';
import { lineOrRefusal, readCallSettings, readCalling, voiceProviderFor, writeCallSettings } from './settings';

export { GATE_MESSAGES } from './gate';

type LeadRow = GateLead;


/** What the demo line's conversation (a call, or the demo seller's text replies) needs to know about the lead and the agent. */
export function conversationContext(lead: LeadRow, agentName: string): ConversationContext {
  const num = (v: unknown) => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));
  const greeting = leadGreeting(lead as GreetingInput);
  return {
    leadFirstName: greeting.firstName,
    street: greeting.street,
    city: greeting.city,
    estimatedValue: num(lead.estimated_value),
    motivationScore: num(lead.motivation_score),
    agentFirstName: agentName.trim().split(/\s+/)[0] || null,
  };
}

const mmss = (sec: number) => `${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, '0')}`;

export interface CallsModuleOptions {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  /** The demo line's ring time and speaking pace. */
  ringMs: number;
  msPerWord: number;
  /** Twilio credentials are configured: organizations on Twilio place calls from the browser and webhooks report them. */
  twilioConfigured: boolean;
}

/**
 * Calls: the compliance gate before every dial, the call record and its progress, hang-up and post-call
 * completion. `clock` is the time the calling window and the per-number limit are judged at and a dial's
 * started_at (tests set it).
 */
export class CallsModule {
  readonly db: Kysely<DB>;
  readonly demo: DemoLine;
  readonly twilio: TwilioBrowserLine | null;
  clock: () => Date = () => new Date();
  private readonly log: FastifyBaseLogger;

  constructor(options: CallsModuleOptions) {
    this.db = options.db;
    this.log = options.log;
    this.twilio = options.twilioConfigured ? new TwilioBrowserLine() : null;
    this.demo = new DemoLine({
      ringMs: options.ringMs,
      msPerWord: options.msPerWord,
      onStatus: (call, status, at) => this.applyProviderStatus(call, status, at, 'demo'),
      onSpeech: async (call, chunk) => {
        await ingestTranscription(this.db, {
          callSid: call.callSid, transcript: chunk.transcript, timestamp: chunk.at, confidence: chunk.confidence,
          speaker: chunk.speaker, isPartial: chunk.isPartial, sequence: chunk.sequence, source: 'demo',
        });
      },
      onError: (error) => this.log.error({ err: error }, 'demo line update failed'),
    });
  }

  private line(kind: VoiceProviderKind): VoiceProvider {
    return kind === 'twilio' && this.twilio ? this.twilio : this.demo;
  }

  stop(): Promise<void> {
    return this.demo.stop();
  }

  /** The line an organization calls on (POST /api/voice/token); 503 when Twilio is chosen but not configured. */
  voiceProvider(ctx: RequestContext): Promise<VoiceProviderKind> {
    return ctx.read((tx) => voiceProviderFor(tx, ctx.organizationId, this.twilio !== null));
  }

  /** The compliance gate (gate.ts) for a call; `from`/`to` are skipped when not given (the pre-dial check). */
  private evaluate(tx: Tx, ctx: OrgContext, leadId: string, nums: { from?: string; to?: string }, lock: boolean, now = this.clock()): Promise<GateResult> {
    return evaluateGate(tx, { organizationId: ctx.organizationId, leadId, channel: 'call', ...nums, lock, now });
  }

  /** GET /api/calls/check: the gate's answer without dialling (nothing is recorded); `to` is the number about to be dialled. */
  check(ctx: RequestContext, leadId: string, to?: string) {
    return ctx.read(async (tx) => {
      const r = await this.evaluate(tx, ctx, leadId, to === undefined ? {} : { to }, false);
      if (!r.ok && r.error.status === 404) throw r.error;
      const window = r.window;
      return {
        allowed: r.ok,
        ...(r.ok ? {} : { reason: r.error.message, code: r.error.code }),
        ...(window
          ? { local_time: window.localTime, time_zone: window.timeZone, zone: window.zone, opens_at: window.opensAt, closes_at: window.closesAt, next_allowed_at: window.nextAllowedAt }
          : {}),
        ...(!r.ok && typeof r.details.next_allowed_at === 'string' ? { next_allowed_at: r.details.next_allowed_at } : {}),
      };
    });
  }

  /** POST /api/calls: the compliance gate, then the call. Every attempt leaves a call_events row, a refusal too. */
  async start(ctx: RequestContext, body: StartCallBody): Promise<{ call_id: string; call_sid: string }> {
    const attempt = { from_e164: body.from_e164, to_e164: body.to_e164 };
    const now = this.clock();
    const result = await ctx.write(async (tx) => {
      const refused = async (error: AppError, details: Record<string, unknown>) => {
        await repo.insertEvent(tx, { organizationId: ctx.organizationId, leadId: body.lead_id, userId: ctx.user.id, kind: 'dial_refused', reason: error.message, details: { ...attempt, ...details } });
        return { ok: false as const, error };
      };
      const gate = await this.evaluate(tx, ctx, body.lead_id, { from: body.from_e164, to: body.to_e164 }, true, now);
      if (!gate.ok) return refused(gate.error, gate.details);
      const kind = lineOrRefusal(gate.voiceProvider, this.twilio !== null);
      if (kind instanceof AppError) return refused(kind, { code: kind.code });
      const line = this.line(kind);
      const call = await repo.insertCall(tx, {
        organization_id: ctx.organizationId,
        lead_id: gate.lead.id,
        user_id: ctx.user.id,
        from_e164: gate.from!,
        to_e164: gate.to!,
        provider: line.kind,
        call_sid: line.newCallSid(),
        connection_sid: body.connection_sid ?? null,
        started_at: now,
      });
      await repo.insertEvent(tx, {
        organizationId: ctx.organizationId, leadId: gate.lead.id, userId: ctx.user.id, callId: call.id, kind: 'dial_allowed',
        reason: gate.enforceHours ? 'All checks passed' : 'All checks passed (calling hours not enforced)',
        details: { ...attempt, call_sid: call.call_sid, local_time: gate.window.localTime, time_zone: gate.window.timeZone, enforce_hours: gate.enforceHours },
      });
      return { ok: true as const, call, line, conversation: conversationContext(gate.lead, ctx.user.name) };
    });
    if (!result.ok) throw result.error;
    const { call, line, conversation } = result;
    await line.startCall({ id: call.id, organizationId: ctx.organizationId, callSid: call.call_sid, from: call.from_e164, to: call.to_e164, conversation });
    return { call_id: call.id, call_sid: call.call_sid };
  }

  /** Progress reported by the voice provider; a step that no longer applies (call already ended) is ignored. */
  async applyProviderStatus(call: ProviderCall, status: ProviderCallStatus, at: Date, provider: VoiceProviderKind): Promise<void> {
    await withTenant(this.db, call.organizationId, async (tx) => {
      const from = status === 'ringing' ? (['initiated'] as const) : LIVE_CALL_STATUSES;
      const values: Record<string, unknown> = { status };
      if (status === 'in-progress') values.answered_at = at;
      if (!LIVE_CALL_STATUSES.includes(status)) {
        values.ended_at = at;
        // From the row being updated: no separate read of answered_at.
        values.duration_sec = sql<number>`coalesce(greatest(0, round(extract(epoch from (${at}::timestamptz - answered_at))))::int, 0)`;
      }
      const updated = await repo.updateCall(tx, call.organizationId, call.id, values, from);
      if (!updated) return;
      if (values.ended_at) await leads.recordCallEnd(tx, call.organizationId, updated.lead_id, new Date(updated.started_at), updated.duration_sec ?? 0);
      await repo.insertEvent(tx, {
        organizationId: call.organizationId, leadId: updated.lead_id, userId: updated.user_id, callId: call.id, kind: 'status',
        reason: status, details: { status, call_sid: call.callSid, provider },
      });
    });
  }

  get(ctx: RequestContext, id: string) {
    return ctx.read(async (tx) => {
      const row = await repo.findCall(tx, ctx.organizationId, id);
      if (!row) throw notFound('Call not found');
      return repo.toCall(row);
    });
  }

  /** Ends a live call: completed when it was answered, canceled when it was still ringing. */
  private async endLive(tx: Tx, ctx: OrgContext, row: NonNullable<Awaited<ReturnType<typeof repo.findCall>>>, at: Date) {
    if (!LIVE_CALL_STATUSES.includes(row.status)) return row;
    const answered = row.answered_at ? new Date(row.answered_at) : null;
    const status = answered ? 'completed' : 'canceled';
    const duration = answered ? Math.max(0, Math.round((at.getTime() - answered.getTime()) / 1000)) : 0;
    const updated = await repo.updateCall(tx, ctx.organizationId, row.id, { status, ended_at: at, duration_sec: duration });
    await leads.recordCallEnd(tx, ctx.organizationId, row.lead_id, new Date(row.started_at), duration);
    await repo.insertEvent(tx, {
      organizationId: ctx.organizationId, leadId: row.lead_id, userId: ctx.user.id, callId: row.id, kind: 'status',
      reason: status, details: { status, call_sid: row.call_sid, hung_up_by: ctx.user.id },
    });
    return updated!;
  }

  async hangup(ctx: RequestContext, id: string) {
    const call = await ctx.write(async (tx) => {
      const row = await repo.findCall(tx, ctx.organizationId, id, true);
      if (!row) throw notFound('Call not found');
      return repo.toCall(await this.endLive(tx, ctx, row, new Date()));
    });
    await this.line(call.provider).hangup(id);
    return call;
  }

  /** Post-call actions: the call, the lead and the follow-up task in ONE transaction. */
  async complete(ctx: RequestContext, id: string, body: CompleteCallBody) {
    const now = new Date();
    const followUpAt = body.followUpAt ? new Date(body.followUpAt) : null;
    if (followUpAt && !outcomeAllowsFollowUp(body.outcome)) throw badRequest(CALL_MESSAGES.followUpNotAllowed, 'FOLLOW_UP_NOT_ALLOWED');
    // A minute of grace for the browser's clock and the time the form took to submit.
    if (followUpAt && followUpAt.getTime() < now.getTime() - 60_000) throw badRequest(CALL_MESSAGES.followUpInPast, 'FOLLOW_UP_IN_PAST');
    const notes = body.notes ? body.notes : null;

    const result = await ctx.write(async (tx) => {
      const row = await repo.findCall(tx, ctx.organizationId, id, true);
      if (!row) throw notFound('Call not found');
      if (row.completed_at) throw conflict('This call has already been completed', 'ALREADY_COMPLETED');
      const lead = await leads.findLead(tx, ctx.organizationId, row.lead_id, true);
      if (!lead) throw notFound(GATE_MESSAGES.leadNotFound);
      // An outcome saved offline names the version of the lead the agent saw: a later change is not overwritten.
      if (body.leadVersion && body.leadVersion !== lead.version) throw conflict(CALL_MESSAGES.leadChanged, 'LEAD_CHANGED');

      const ended = await this.endLive(tx, ctx, row, now);
      const status = statusAfterOutcome((await readCalling(tx, ctx.organizationId)).outcomeStatus, body.outcome);
      const call = await repo.updateCall(tx, ctx.organizationId, id, { disposition: body.outcome, notes, completed_at: now });

      const durationSec = body.durationMs !== undefined ? Math.round(body.durationMs / 1000) : (ended.duration_sec ?? 0);
      // In the member's time zone, named: teammates elsewhere read the same notes.
      const stamp = formatDateTime(now, { timeZone: body.timeZone ?? 'UTC', withZone: true });
      const line = `[${stamp}] Call: ${body.outcome}${notes ? ` — ${notes}` : ''}`;
      const existing = typeof lead.notes === 'string' && lead.notes.trim() ? lead.notes : null;
      // Of the fields written here only the status counts in score_base (contact recency is applied at read time).
      const leadRow = await leads.updateLead(tx, ctx.organizationId, lead.id, {
        last_call_at: new Date(row.started_at),
        last_call_disposition: body.outcome,
        last_call_duration_sec: durationSec,
        last_contacted_at: now,
        notes: existing ? `${existing}\n${line}` : line,
        last_call_summary: `${body.outcome} (${mmss(durationSec)})${notes ? `: ${notes}` : ''}`,
        ...(body.dnc ? { dnc_status: true } : {}),
        ...(status ? { status, score_base: deriveLeadColumns({ ...lead, status } as Parameters<typeof deriveLeadColumns>[0]).score_base } : {}),
      });

      let task = null;
      if (followUpAt) {
        const name = displayName(lead as Parameters<typeof displayName>[0]);
        const address = (lead.property_address_full ?? lead.property_address ?? lead.address) as string | null;
        const who = name === 'Unknown Lead' ? 'there' : name.split(/\s+/)[0];
        const inserted = await repo.insertTask(tx, {
          organization_id: ctx.organizationId,
          lead_id: lead.id,
          call_id: id,
          proposed_time: followUpAt,
          suggested_message: `Hi ${who}, following up on our call${address ? ` about ${address}` : ''}. Is now still a good time to talk?`,
          reason: `${body.outcome}${notes ? `: ${notes}` : ''}`,
          created_by: ctx.user.id,
        });
        task = {
          ...inserted,
          lead_name: name,
          proposed_time: iso(inserted.proposed_time),
          created_at: iso(inserted.created_at),
        };
      }
      await repo.insertEvent(tx, {
        organizationId: ctx.organizationId, leadId: lead.id, userId: ctx.user.id, callId: id, kind: 'completed',
        reason: body.outcome, details: { outcome: body.outcome, dnc: Boolean(body.dnc), follow_up_at: followUpAt?.toISOString() ?? null },
      });
      if (body.dnc) {
        // The box confirms what the lead said: a do-not-call request heard on this call makes it a live-call listing.
        const heard = (await leadLines(tx, ctx.organizationId, row.call_sid)).find((line) => detectDoNotCall(line));
        const listing = heard
          ? { source: 'live_call' as const, reason: `Asked on the call: “${heard.slice(0, 300)}”` }
          : { source: 'call_outcome' as const, reason: `Marked Do Not Call after the call (${body.outcome})` };
        const listed = await listLeadNumbers(tx, ctx.organizationId, leadRow as LeadRow, { ...listing, userId: ctx.user.id });
        await audit(tx, ctx, DNC_MARKED_ACTION, { type: 'lead', id: lead.id }, { via: listing.source, call_id: id, listed });
      }
      await audit(tx, ctx, LEAD_ACTIVITY.callCompleted, { type: 'lead', id: lead.id }, {
        call_id: id, outcome: body.outcome, duration_sec: durationSec, status: status && status !== lead.status ? status : null, follow_up_at: followUpAt?.toISOString() ?? null,
      });
      await emit(tx, { type: 'call.completed', organizationId: ctx.organizationId, callId: id, leadId: lead.id, outcome: body.outcome });
      if (task) await emit(tx, { type: 'task.created', organizationId: ctx.organizationId, taskId: task.id, leadId: lead.id, callId: id });
      return { call: repo.toCall(call!), lead: leads.toLead(leadRow!), task };
    });
    await this.line(result.call.provider).hangup(id);
    return result;
  }

  /** Mute on a live call: the demo line holds the agent's lines; with Twilio the browser mutes and this records it. */
  async mute(ctx: RequestContext, id: string, muted: boolean) {
    const call = await this.recordOnAnsweredCall(ctx, id, 'mute', muted ? 'Microphone muted' : 'Microphone unmuted', { muted });
    if (call.provider === 'demo') await this.demo.mute(id, muted);
    return { muted };
  }

  /** Keypad tones on a live call, recorded; the demo line's seller hears them. */
  async tones(ctx: RequestContext, id: string, digits: string): Promise<void> {
    const call = await this.recordOnAnsweredCall(ctx, id, 'dtmf', `Tones ${digits}`, { digits });
    if (call.provider === 'demo') await this.demo.tones(id);
  }

  private recordOnAnsweredCall(ctx: RequestContext, id: string, kind: 'mute' | 'dtmf', reason: string, details: Record<string, unknown>) {
    return ctx.write(async (tx) => {
      const row = await repo.findCall(tx, ctx.organizationId, id);
      if (!row) throw notFound('Call not found');
      if (row.status !== 'in-progress') throw conflict(VOICE_MESSAGES.noActiveCall, 'NO_ACTIVE_CALL');
      await repo.insertEvent(tx, { organizationId: ctx.organizationId, leadId: row.lead_id, userId: ctx.user.id, callId: id, kind, reason, details });
      return row;
    });
  }

  getSettings(ctx: RequestContext) {
    return ctx.read((tx) => readCallSettings(tx, ctx.organizationId, this.twilio !== null));
  }

  /** The admin's calling settings: the calling-hours override (recorded) and the voice provider. */
  setSettings(ctx: RequestContext, body: CallSettingsBody) {
    return ctx.write((tx) => writeCallSettings(tx, { organizationId: ctx.organizationId, userId: ctx.user.id }, body, this.twilio !== null));
  }
}
