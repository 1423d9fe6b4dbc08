import { callingWindow, type CallingSettings, isValidLeadPhone, leadCallingLocation, leadCallNumbers, SMS_MESSAGES, toE164ForCall, type CallingWindow, type VoiceProviderChoice } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { gateNumbers, listedByNumber, listedNumberRefusal, listedRefusalFrom } from '../dnc/service';
import type { StoredEntry } from '../dnc/repo';
import * as leads from '../leads/repo';
import { callLimitRefusal } from './call-limit';
import * as repo from './repo';
import { readCalling } from './settings';

/**
 * The compliance gate before every call and every text (DESIGN.md "Calling rules", issue 6): the lead is
 * the organization's and not deleted, not on the Do Not Call list, has a valid number that is the lead's,
 * the from-number is an active organization number, the lead's state calling rule allows it now in the lead's local
 * time (unless an admin switched the check off), and, for calls only, the number is under the organization's
 * per-number limit for the last 24 hours and no other call is live on the lead.
 */
export const GATE_MESSAGES = {
  leadNotFound: 'Lead not found',
  dnc: 'This lead is on the Do Not Call list',
  noPhone: 'This lead has no valid phone number',
  invalidTo: 'The number to call is not a valid phone number',
  toNotLead: "The number to call is not one of this lead's phone numbers",
  invalidFrom: 'The caller ID is not a valid phone number',
  noFromNumber: SMS_MESSAGES.noFromNumber,
  liveCall: 'Another agent is on a call with this lead',
} as const;

export const fromNotOrg = (n: string) => `The caller ID ${n} is not an active number of your organization`;

/** The lead's numbers in the order a text picks the first valid one (issue 6). */
export const TEXT_PHONE_FIELDS = ['contact_1_phone1', 'contact_1_phone2', 'contact_1_phone3', 'phone', 'phone_number'] as const;

export type GateLead = Record<string, unknown> & { id: string };
export type GateChannel = 'call' | 'sms';

const phoneField = (lead: GateLead, field: string) => (typeof lead[field] === 'string' ? (lead[field] as string) : null);

/** The lead's callable numbers (dialer.md §5 call normalisation) as E.164, each once (packages/domain leadCallNumbers). */
export const leadPhones = (lead: GateLead): string[] => leadCallNumbers(lead);

/** The number a text to this lead goes to: the first valid lead phone of contact_1_phone1..3, phone, phone_number. */
export function leadTextNumber(lead: GateLead): string | null {
  for (const field of TEXT_PHONE_FIELDS) {
    const value = phoneField(lead, field);
    const e164 = isValidLeadPhone(value) ? toE164ForCall(value) : null;
    if (e164) return e164;
  }
  return null;
}

export interface GateRequest {
  organizationId: string;
  leadId: string;
  channel: GateChannel;
  /**
   * The number to reach. Given: it must be valid and the lead's. Left out: a call only needs the lead to
   * have a number (the pre-dial check); a text goes to `leadTextNumber`.
   */
  to?: string;
  /**
   * The from-number: a number to check, a chooser for the default one (texts: the caller-ID priority; null
   * refuses 'No phone numbers configured for your organization'), or left out (not checked).
   */
  from?: string | (() => Promise<string | null>);
  /** Lock the lead row (a send/dial), so an opt-out or DNC mark lands before or after, never during. */
  lock: boolean;
  now: Date;
}

/** The numbers a call may go to: the given one, or any of the lead's (the pre-dial check). */
const dialTargets = (lead: GateLead, to: string | null) => (to ? [to] : leadPhones(lead));

export type GateRefusal = { ok: false; error: AppError; details: Record<string, unknown>; window?: CallingWindow };
export type GateResult =
  | { ok: true; lead: GateLead; from: string | null; to: string | null; window: CallingWindow; enforceHours: boolean; voiceProvider: VoiceProviderChoice }
  | GateRefusal;

/** The gate's checks, in order; the first that fails is the answer, with its code in `details`. */
export async function evaluateGate(tx: Tx, req: GateRequest): Promise<GateResult> {
  const lead: GateLead | undefined = await leads.findLead(tx, req.organizationId, req.leadId, req.lock);
  if (!lead) return leadNotFound();
  const listed = await listedByNumber(tx, req.organizationId, gateNumbers(lead, destination(req)));
  return leadGate(tx, req, lead, listed);
}

export interface TextGatesRequest {
  organizationId: string;
  /** Each text's lead and from-number (a number to check, or the caller-ID priority's choice). */
  texts: ReadonlyArray<{ leadId: string; from: GateRequest['from'] }>;
  now: Date;
}

/**
 * The gate for a batch of texts (a member's text, the sequences' engine): evaluateGate's 'sms' checks, the same
 * function in the same order, with the leads (locked, in id order), their listed numbers and the calling settings
 * read once for the batch. The answers are in the texts' order.
 */
export async function evaluateTextGates(tx: Tx, req: TextGatesRequest): Promise<GateResult[]> {
  const rows = await leads.findLeads(tx, req.organizationId, [...new Set(req.texts.map((t) => t.leadId))], true);
  const byId = new Map<string, GateLead>(rows.map((l) => [l.id, l]));
  const listed = await listedByNumber(tx, req.organizationId, rows.flatMap((l) => gateNumbers(l, null)));
  const calling = await readCalling(tx, req.organizationId);
  const results: GateResult[] = [];
  for (const { leadId, from } of req.texts) {
    const lead = byId.get(leadId);
    const gate: GateRequest = { organizationId: req.organizationId, leadId, channel: 'sms', from, lock: true, now: req.now };
    results.push(lead ? await leadGate(tx, gate, lead, listed, calling) : leadNotFound());
  }
  return results;
}

const leadNotFound = (): GateRefusal => ({ ok: false, error: notFound(GATE_MESSAGES.leadNotFound), details: { code: 'LEAD_NOT_FOUND' } });
const destination = (req: Pick<GateRequest, 'to'>) => (req.to === undefined ? null : toE164ForCall(req.to));

/** The checks after the lead is found, given its listed numbers (and the calling settings when read for a batch). */
async function leadGate(tx: Tx, req: GateRequest, lead: GateLead, listed: ReadonlyMap<string, StoredEntry>, calling?: CallingSettings): Promise<GateResult> {
  const refuse = (error: AppError, window?: CallingWindow, extra: Record<string, unknown> = {}): GateRefusal => ({ ok: false, error, window, details: { code: error.code, ...extra } });
  // Consent belongs to the number (docs/api-dnc.md): the destination or any number of the lead on the organization's
  // list refuses, whichever lead or field it comes through; then the lead's own flag.
  const listedRefusal = listedRefusalFrom(listed, lead, destination(req));
  if (listedRefusal) return refuse(listedRefusal.error, undefined, listedRefusal.details);
  if (lead.dnc_status === true) return refuse(conflict(GATE_MESSAGES.dnc, 'DNC_LISTED'));

  let to: string | null = null;
  if (req.to !== undefined) {
    to = toE164ForCall(req.to);
    if (!to) return refuse(badRequest(GATE_MESSAGES.invalidTo, 'INVALID_TO_NUMBER'));
    if (!leadPhones(lead).includes(to)) return refuse(badRequest(GATE_MESSAGES.toNotLead, 'TO_NOT_LEAD_NUMBER'));
  } else {
    to = req.channel === 'sms' ? leadTextNumber(lead) : (leadPhones(lead)[0] ?? null);
    if (!to) return refuse(badRequest(GATE_MESSAGES.noPhone, 'NO_PHONE'));
    if (req.channel === 'call') to = null;
  }

  const line = await lineChecks(tx, req, leadCallingLocation(lead), refuse, calling);
  if (!line.ok) return line;
  const { from, window, enforceHours, voiceProvider, callsPerNumberPer24h } = line;
  if (req.channel === 'call') {
    if (to && req.lock) await repo.lockNumber(tx, req.organizationId, to);
    const limited = await callLimitRefusal(tx, {
      organizationId: req.organizationId, numbers: dialTargets(lead, to), limit: callsPerNumberPer24h, now: req.now, timeZone: window.timeZone,
    });
    if (limited) return refuse(conflict(limited.message, 'CALL_LIMIT_REACHED'), window, limited.details);
  }
  if (req.channel === 'call' && (await repo.findLiveCallOnLead(tx, req.organizationId, lead.id))) return refuse(conflict(GATE_MESSAGES.liveCall, 'LEAD_ON_CALL'), window);
  return { ok: true, lead, from, to, window, enforceHours, voiceProvider };
}

type LineChecks =
  | { ok: true; from: string | null; window: CallingWindow; enforceHours: boolean; voiceProvider: VoiceProviderChoice; callsPerNumberPer24h: number }
  | GateRefusal;

/** The checks every call and text shares after its destination: the from-number, then the calling hours where the person is. */
async function lineChecks(
  tx: Tx,
  req: Pick<GateRequest, 'organizationId' | 'from' | 'now'>,
  loc: { state: string | null; zip: string | null },
  refuse: (error: AppError, window?: CallingWindow, extra?: Record<string, unknown>) => GateRefusal,
  calling?: CallingSettings,
): Promise<LineChecks> {
  let from: string | null = null;
  if (typeof req.from === 'string') {
    from = toE164ForCall(req.from);
    if (!from) return refuse(badRequest(GATE_MESSAGES.invalidFrom, 'INVALID_FROM_NUMBER'));
    if (!(await repo.isActiveOrgNumber(tx, req.organizationId, from))) return refuse(badRequest(fromNotOrg(from), 'FROM_NOT_ORG_NUMBER'));
  } else if (req.from) {
    from = await req.from();
    if (!from) return refuse(badRequest(GATE_MESSAGES.noFromNumber, 'NO_FROM_NUMBER'));
  }
  const window = callingWindow(loc.state, loc.zip, req.now);
  const { enforceHours, voiceProvider, callsPerNumberPer24h } = calling ?? (await readCalling(tx, req.organizationId));
  if (enforceHours && !window.allowed) {
    return refuse(conflict(window.message!, 'OUTSIDE_CALLING_HOURS'), window, {
      local_time: window.localTime, time_zone: window.timeZone, opens_at: window.opensAt, next_allowed_at: window.nextAllowedAt,
    });
  }
  return { ok: true, from, window, enforceHours, voiceProvider, callsPerNumberPer24h };
}

export interface NumberGateRequest {
  organizationId: string;
  /** The number to text. */
  to: string;
  /** Where the person is, as far as known (a buyer's single market): the calling hours are judged there. */
  location: { state: string | null; zip: string | null };
  from: GateRequest['from'];
  now: Date;
}
export type NumberGateResult =
  | { ok: true; from: string | null; to: string; window: CallingWindow; voiceProvider: VoiceProviderChoice }
  | GateRefusal;

/**
 * The same gate for a text to a bare number that is no lead's (a buyer: "Send to matched buyers"): consent
 * belongs to the number, so a listed number is refused with the gate's own reason; then the from-number and the
 * calling hours, exactly as for a lead.
 */
export async function evaluateNumberGate(tx: Tx, req: NumberGateRequest): Promise<NumberGateResult> {
  const refuse = (error: AppError, window?: CallingWindow, extra: Record<string, unknown> = {}): GateRefusal => ({ ok: false, error, window, details: { code: error.code, ...extra } });
  const to = toE164ForCall(req.to);
  if (!to) return refuse(badRequest(GATE_MESSAGES.invalidTo, 'INVALID_TO_NUMBER'));
  const listed = await listedNumberRefusal(tx, req.organizationId, {}, to);
  if (listed) return refuse(listed.error, undefined, listed.details);
  const line = await lineChecks(tx, req, req.location, refuse);
  if (!line.ok) return line;
  return { ok: true, from: line.from, to, window: line.window, voiceProvider: line.voiceProvider };
}
