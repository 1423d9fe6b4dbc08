import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  digitsOf, matchOptOut, toE164ForLookup, type ConversationMessage, type ConversationStatus, type ConversationThread, type OptOutKind, type SendTextBody,
  type TextCheckResult, type ThreadsQuery, type VoiceProviderChoice,
} from '@wholesail/domain';
import type { TwilioConfig } from '../../config';
import { asSystemRole, withSystem, withTenant, type Tx } from '../../db/scope';
import type { DB } from '../../db/types';
import type { OrgContext, RequestContext } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { DemoTextLine, TwilioSms, type DemoReply, type SmsProvider } from '../../providers/sms';
import { evaluateGate, evaluateNumberGate, GATE_MESSAGES, type GateLead, type GateRefusal, type GateRequest, type NumberGateRequest } from '../calls/gate';
import { lineOrRefusal } from '../calls/settings';
import { ALL_PHONE_FIELDS, leadForContact } from '../leads/phone-match';
import { findLead } from '../leads/repo';
import { insertNewLead } from '../leads/service';
import { emit } from '../outbox/emit';
import { audit, systemActor } from '../audit/audit';
import { LEAD_ACTIVITY } from '../activity/actions';
import { recordIntegration } from '../integrations/status';
import { ownerOf } from '../phone-numbers/repo';
import { callerIdFor } from '../phone-numbers/service';
import { applyOptRequest } from './opt-out';
import { preview, sendTexts } from './outgoing';
import * as repo from './repo';

export { SMS_REFUSED_ACTION } from './outgoing';

/** Source of a lead created for a number that texted in and matched no lead. */
export const INBOUND_SMS_SOURCE = 'inbound_sms';

/** Twilio MessageStatus → the stored status. Twilio's queued/accepted/sending mean the provider has it: sent. */
const PROVIDER_STATUS: Readonly<Record<string, ConversationStatus>> = {
  accepted: 'sent', scheduled: 'sent', queued: 'sent', sending: 'sent', sent: 'sent',
  delivered: 'delivered', read: 'delivered',
  undelivered: 'failed', failed: 'failed', canceled: 'failed',
};
/** Statuses a text may still move from, per new status: never back from delivered or failed to sent. */
const MAY_BECOME: Readonly<Record<ConversationStatus, readonly ConversationStatus[]>> = {
  queued: [],
  sent: ['queued'],
  delivered: ['queued', 'sent'],
  failed: ['queued', 'sent'],
  received: [],
};

export interface InboundSms {
  messageSid: string;
  from: string;
  to: string;
  body: string;
  /** Known already (the demo line): skips finding the organization by the To number. */
  organizationId?: string;
}

export type InboundResult =
  | { result: 'stored'; message: ConversationMessage; leadCreated: boolean; optRequest: OptOutKind | null }
  | { result: 'duplicate' | 'unknown_number' | 'unknown_sender' };

export type StatusResult = 'applied' | 'ignored' | 'unknown_message' | 'invalid';

class DuplicateInbound extends Error {}

/** A text to a bare number: handed to the provider, refused by the gate (its reason), or not accepted by the provider. */
export type NumberTextResult = { status: 'sent'; sid: string; to: string } | { status: 'refused' | 'failed'; reason: string; code: string };

export interface ConversationsModuleOptions {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Twilio credentials: organizations on the Twilio line text through the Messages API. */
  twilio: TwilioConfig | null;
  /** The demo line's delivery and reply delays (DEMO_SMS_DELIVERY_MS, DEMO_SMS_REPLY_MS). */
  demoDeliveryMs: number;
  demoReplyMs: number;
}

/**
 * SMS conversations (docs/api-conversations.md): sending through the compliance gate, the provider's
 * delivery reports, inbound texts (matched to a lead, or a new one) with opt-out handling, threads and
 * read marks. `clock` is the time the texting window is judged at (tests set it).
 */
export class ConversationsModule {
  readonly demo: DemoTextLine;
  readonly twilio: TwilioSms | null;
  clock: () => Date = () => new Date();
  private readonly db: Kysely<DB>;
  private readonly log: FastifyBaseLogger;

  constructor(options: ConversationsModuleOptions) {
    this.db = options.db;
    this.log = options.log;
    this.twilio = options.twilio ? new TwilioSms(options.twilio, options.publicUrl) : null;
    if (this.twilio) {
      this.twilio.onOutcome = (organizationId, result) =>
        recordIntegration(this.db, organizationId, 'twilio_messaging', result.ok ? { ok: true } : { ok: false, error: `Twilio did not accept a text: ${result.error}` }, this.log);
    }
    this.demo = new DemoTextLine({
      deliveryMs: options.demoDeliveryMs,
      replyMs: options.demoReplyMs,
      onDelivered: async (sid) => {
        await this.applyStatus(sid, 'delivered');
      },
      onReply: (reply) => this.receiveDemoReply(reply),
      onError: (error) => this.log.error({ err: error }, 'demo texting line update failed'),
    });
  }

  stop(): Promise<void> {
    return this.demo.stop();
  }

  /** The organization's texting line for the gate's voice line choice, or the refusal when it chose Twilio without credentials. */
  private lineFor(gate: { voiceProvider: VoiceProviderChoice }): SmsProvider | AppError {
    const kind = lineOrRefusal(gate.voiceProvider, this.twilio !== null);
    if (kind instanceof AppError) return kind;
    return kind === 'twilio' && this.twilio ? this.twilio : this.demo;
  }

  /** The gate for a text: no live-call rule; to the lead's first valid number; from the given number or the caller-ID priority. */
  private gate(tx: Tx, ctx: OrgContext, leadId: string, from: string | undefined, lock: boolean) {
    const chooseFrom: GateRequest['from'] = async () => (await callerIdFor(tx, ctx, leadId)).phone_number;
    return evaluateGate(tx, { organizationId: ctx.organizationId, leadId, channel: 'sms', from: from ?? chooseFrom, lock, now: this.clock() });
  }

  /** GET /api/conversations/check: whether the lead can be texted now, and why not (nothing is recorded). */
  check(ctx: RequestContext, leadId: string): Promise<TextCheckResult> {
    return ctx.read(async (tx) => {
      const gate = await this.gate(tx, ctx, leadId, undefined, false);
      if (!gate.ok && gate.error.status === 404) throw gate.error;
      const error = gate.ok ? this.lineFor(gate) : gate.error;
      return error instanceof AppError ? { allowed: false, reason: error.message, code: error.code } : { allowed: true };
    });
  }

  /**
   * POST /api/conversations: the gate, then the text stored `queued`, handed to the provider, and stored `sent`
   * with the provider's sid (and text.sent emitted with it) or `failed` with the reason (outgoing.ts). A refusal
   * is recorded in activity_logs (`sms.refused`) and thrown.
   */
  async send(ctx: OrgContext, body: SendTextBody): Promise<ConversationMessage> {
    const [answer] = await this.sendMany(ctx, [body]);
    if (answer instanceof AppError) throw answer;
    return answer!;
  }

  /** A member's texts at once (the sequences' engine): each answered in order with its message or the gate's refusal. */
  sendMany(ctx: OrgContext, texts: readonly SendTextBody[]): Promise<Array<ConversationMessage | AppError>> {
    return sendTexts({ db: this.db, log: this.log, now: this.clock(), lineFor: (gate) => this.lineFor(gate) }, ctx, texts);
  }

  /**
   * A text to a number that is no lead's (a buyer, "Send to matched buyers"): the same gate (evaluateNumberGate: the
   * Do-Not-Contact list, the from-number, the calling hours) and the same line as a lead's text, but no thread.
   * The outcome is answered, never thrown; the caller records it.
   */
  async textNumber(ctx: RequestContext, text: { id: string; to: string; body: string; location: NumberGateRequest['location'] }): Promise<NumberTextResult> {
    const organizationId = ctx.organizationId;
    const checked = await ctx.read(async (tx) => {
      const gate = await evaluateNumberGate(tx, {
        organizationId, to: text.to, location: text.location, now: this.clock(), from: async () => (await callerIdFor(tx, ctx, undefined)).phone_number,
      });
      if (!gate.ok) return gate;
      const line = this.lineFor(gate);
      return line instanceof AppError ? ({ ok: false, error: line, details: { code: line.code } } satisfies GateRefusal) : { ...gate, line };
    });
    if (!checked.ok) return { status: 'refused', reason: checked.error.message, code: checked.error.code };
    const sent = await checked.line
      .send({ conversationId: text.id, organizationId, from: checked.from!, to: checked.to, body: text.body })
      .catch((error: unknown) => ({ ok: false as const, error: error instanceof Error ? error.message : 'The message could not be sent' }));
    if (!sent.ok) this.log.warn({ sendId: text.id, error: sent.error, provider: checked.line.kind }, 'text to a number not accepted by the provider');
    return sent.ok ? { status: 'sent', sid: sent.sid, to: checked.to } : { status: 'failed', reason: sent.error, code: 'SEND_FAILED' };
  }

  /** GET /api/conversations?lead_id=: the lead's texts, oldest first; 404 for a lead not in the organization. */
  list(ctx: RequestContext, leadId: string): Promise<{ items: ConversationMessage[] }> {
    return ctx.read(async (tx) => {
      if (!(await findLead(tx, ctx.organizationId, leadId))) throw notFound(GATE_MESSAGES.leadNotFound);
      return { items: await repo.listForLead(tx, ctx.organizationId, leadId) };
    });
  }

  /** GET /api/conversations/threads: one row per lead, newest last text first. */
  threads(ctx: RequestContext, query: ThreadsQuery): Promise<{ items: ConversationThread[] }> {
    return ctx.read(async (tx) => ({ items: await repo.listThreads(tx, ctx.organizationId, query) }));
  }

  /** POST /api/conversations/:leadId/read: the lead's inbound texts read now. */
  markRead(ctx: RequestContext, leadId: string): Promise<{ lead_id: string; read: number }> {
    return ctx.write(async (tx) => {
      if (!(await findLead(tx, ctx.organizationId, leadId))) throw notFound(GATE_MESSAGES.leadNotFound);
      return { lead_id: leadId, read: await repo.markRead(tx, ctx.organizationId, leadId, new Date()) };
    });
  }

  /**
   * A delivery report (Twilio's status callback, or the demo line): applied only forward (queued → sent →
   * delivered | failed), so a late `sent` after `delivered` changes nothing; a replay changes nothing.
   */
  async applyStatus(providerSid: string, providerStatus: string, errorText?: string | null): Promise<StatusResult> {
    const status = PROVIDER_STATUS[providerStatus];
    if (!providerSid || !status) return 'invalid';
    const found = await withSystem(this.db, (tx) => repo.findOutboundBySid(tx, providerSid));
    if (!found) return 'unknown_message';
    const error = status === 'failed' ? (errorText?.trim() || (providerStatus === 'undelivered' ? 'The carrier could not deliver the message' : 'The message could not be sent')) : null;
    const updated = await withTenant(this.db, found.organization_id, (tx) =>
      repo.updateOutbound(tx, found.organization_id, { id: found.id }, { status, ...(error ? { error } : {}) }, MAY_BECOME[status]),
    );
    return updated ? 'applied' : 'ignored';
  }

  private async receiveDemoReply(reply: DemoReply): Promise<void> {
    await this.receiveInbound({ messageSid: reply.sid, from: reply.from, to: reply.to, body: reply.body, organizationId: reply.organizationId });
  }

  /**
   * An inbound text (Twilio's webhook, or the demo seller): the organization whose active number is To (one
   * at most, migration 0019; never chosen by who texted the sender last), the lead by leadForContact (the lead last texted or called from that number, else the
   * latest updated live lead with that phone, else a new lead with source 'inbound_sms'), stored `received` once
   * per MessageSid, an opt-out or opt-in applied, and text.received emitted — all in one transaction.
   */
  async receiveInbound(sms: InboundSms): Promise<InboundResult> {
    if (digitsOf(sms.from).length < 10) return { result: 'unknown_sender' };
    const from = toE164ForLookup(sms.from);
    const to = toE164ForLookup(sms.to);
    const organizationId = sms.organizationId ?? (await withSystem(this.db, (tx) => ownerOf(tx, to)));
    if (!organizationId) return { result: 'unknown_number' };
    try {
      return await withTenant(this.db, organizationId, (tx) => this.storeInbound(tx, organizationId, { ...sms, from, to }));
    } catch (error) {
      if (error instanceof DuplicateInbound) return { result: 'duplicate' };
      throw error;
    }
  }

  private async storeInbound(tx: Tx, organizationId: string, sms: InboundSms): Promise<InboundResult> {
    // One sender at a time per organization: a replay, or two first texts from a new number, cannot race.
    await sql`select pg_advisory_xact_lock(hashtext(${`sms:${organizationId}:${sms.from}`}))`.execute(tx);
    if (await repo.findBySid(tx, organizationId, sms.messageSid)) throw new DuplicateInbound();

    const match = await asSystemRole(tx, () => leadForContact(tx, organizationId, { contact: sms.from, orgNumber: sms.to, phoneFields: ALL_PHONE_FIELDS }));
    let lead: GateLead | undefined = match ? await findLead(tx, organizationId, match.id, true) : undefined;
    const leadCreated = !lead;
    lead ??= await insertNewLead(tx, systemActor(organizationId), { phone: sms.from, source: INBOUND_SMS_SOURCE }, { source: INBOUND_SMS_SOURCE, phone: sms.from });

    const row = await repo.insertMessage(tx, {
      organization_id: organizationId, lead_id: lead.id, body: sms.body, direction: 'inbound', status: 'received',
      from_e164: sms.from, to_e164: sms.to, provider_sid: sms.messageSid,
    });
    if (!row) throw new DuplicateInbound();
    const message = repo.toMessage(row);
    await audit(tx, systemActor(organizationId), LEAD_ACTIVITY.textReceived, { type: 'lead', id: lead.id }, { conversation_id: row.id, from_e164: sms.from, preview: preview(sms.body) });
    const request = matchOptOut(sms.body);
    if (request) await applyOptRequest(tx, { organizationId, lead, message, match: request });
    await emit(tx, { type: 'text.received', organizationId, conversationId: row.id, leadId: lead.id });
    return { result: 'stored', message, leadCreated, optRequest: request?.kind ?? null };
  }
}
