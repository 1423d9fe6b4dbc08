import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import twilio from 'twilio';
import { toE164ForCall, type CallStatus } from '@wholesail/domain';
import type { Config } from '../../config';
import { withSystem, withTenant } from '../../db/scope';
import type { DB } from '../../db/types';
import { publicScope } from '../../http/access';
import { errorBody } from '../../http/errors';
import { PENDING_SID_PREFIX, voiceIdentityPrefix } from '../../providers/voice/twilio';
import * as repo from '../calls/repo';

export type FormParams = Record<string, string>;

/** A call that passed the gate must be dialled within this long; a stale approval is refused. */
export const GATE_APPROVAL_MAX_MINUTES = 10;

export const VOICE_REFUSAL = 'This call was not approved. Please try again from the dialer.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Twilio statuses in the order a call moves through them; every ending status is final. */
const RANK: Record<string, number> = {
  queued: 0, initiated: 0, ringing: 1, 'in-progress': 2, completed: 3, busy: 3, failed: 3, 'no-answer': 3, canceled: 3,
};

/** X-Twilio-Signature over the public URL of the request and its form parameters. */
export function validSignature(authToken: string, signature: string | undefined, url: string, params: FormParams): boolean {
  if (!signature) return false;
  return twilio.validateRequest(authToken, signature, url, params);
}

/**
 * Registers Twilio webhook routes in a scope of their own: form bodies (application/x-www-form-urlencoded)
 * are parsed there only, and every request must carry a valid X-Twilio-Signature over `PUBLIC_URL` + path
 * and its form parameters, else 403 INVALID_SIGNATURE (always, without Twilio configured). Webhooks carry
 * no cookie or Origin: the signature is their only authentication.
 */
export async function registerTwilioWebhooks(app: FastifyInstance, config: Config, routes: (hooks: FastifyInstance) => void): Promise<void> {
  const reason = 'Twilio webhooks are authenticated by X-Twilio-Signature only (403 INVALID_SIGNATURE without one, whoever calls)';
  await publicScope(app, reason, (hooks) => {
    hooks.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    hooks.addHook('preHandler', async (request, reply) => {
      const params = (request.body ?? {}) as FormParams;
      const signature = request.headers['x-twilio-signature'];
      const ok =
        config.twilio !== null &&
        typeof params === 'object' &&
        validSignature(config.twilio.authToken, typeof signature === 'string' ? signature : undefined, `${config.publicUrl}${request.url}`, params);
      if (!ok) return reply.status(403).send(errorBody('INVALID_SIGNATURE', 'The Twilio signature is missing or wrong'));
    });
    routes(hooks);
  });
}

function refusal(message = VOICE_REFUSAL): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say(message);
  response.hangup();
  return response.toString();
}

/**
 * The TwiML webhook of the TwiML app: the browser's call asks to dial `To`. It is dialled only when
 * `call_id` names a Twilio call that passed the compliance gate for that lead, To and caller ID, placed
 * by the same user, not yet linked to another CallSid and approved recently. Otherwise: Say + Hangup.
 */
export async function answerVoiceWebhook(db: Kysely<DB>, publicUrl: string, p: FormParams, now = new Date()): Promise<string> {
  const callId = p.call_id ?? '';
  const callSid = p.CallSid ?? '';
  const to = toE164ForCall(p.To ?? null);
  if (!UUID.test(callId) || !callSid || !to) return refusal();
  const call = await withSystem(db, (tx) =>
    tx.selectFrom('calls').select(['organization_id', 'id', 'lead_id', 'user_id', 'from_e164', 'to_e164', 'call_sid', 'provider', 'status', 'created_at'])
      .where('id', '=', callId).executeTakeFirst(),
  );
  if (!call) return refusal();
  const claimedFrom = p.from_e164 ?? (p.From && !p.From.startsWith('client:') ? p.From : undefined);
  const identity = p.From?.startsWith('client:') ? p.From.slice('client:'.length) : null;
  const check =
    call.provider !== 'twilio' ? 'not a Twilio call'
    : p.lead_id !== undefined && p.lead_id !== call.lead_id ? 'lead does not match'
    : call.to_e164 !== to ? 'To does not match the approved number'
    : claimedFrom !== undefined && toE164ForCall(claimedFrom) !== call.from_e164 ? 'caller ID does not match the approved number'
    : identity !== null && !identity.startsWith(voiceIdentityPrefix(call.user_id ?? '')) ? 'placed by another user'
    : call.call_sid !== callSid && !call.call_sid.startsWith(PENDING_SID_PREFIX) ? 'call already placed'
    : call.call_sid !== callSid && call.status !== 'initiated' ? 'call no longer pending'
    : call.call_sid !== callSid && now.getTime() - new Date(call.created_at).getTime() > GATE_APPROVAL_MAX_MINUTES * 60_000 ? 'approval expired'
    : null;
  let reason: string | null = check;
  await withTenant(db, call.organization_id, async (tx) => {
    if (reason === null && call.call_sid !== callSid) {
      // Linked only if still pending: of two webhooks racing for one approval, one wins.
      const linked = await tx.updateTable('calls').set({ call_sid: callSid, updated_at: new Date() })
        .where('organization_id', '=', call.organization_id).where('id', '=', call.id).where('call_sid', '=', call.call_sid)
        .returning('id').executeTakeFirst();
      if (!linked) reason = 'call already placed';
    }
    if (reason !== null) {
      await repo.insertEvent(tx, {
        organizationId: call.organization_id, leadId: call.lead_id, userId: call.user_id, callId: call.id, kind: 'dial_refused',
        reason: `Twilio voice webhook refused: ${reason}`, details: { code: 'TWILIO_NOT_APPROVED', call_sid: callSid, to: p.To ?? null, from: p.From ?? null },
      });
    }
  });
  if (reason !== null) return refusal();

  const response = new twilio.twiml.VoiceResponse();
  response.start().transcription({ statusCallbackUrl: `${publicUrl}/api/webhooks/twilio/transcription`, track: 'both_tracks' });
  const dial = response.dial({ callerId: call.from_e164 });
  dial.number(
    { statusCallback: `${publicUrl}/api/webhooks/twilio/status`, statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'], statusCallbackMethod: 'POST' },
    call.to_e164,
  );
  return response.toString();
}

const parseDate = (v: string | undefined, fallback: Date) => {
  const d = v ? new Date(v) : fallback;
  return Number.isNaN(d.getTime()) ? fallback : d;
};

/**
 * A status callback (the lead's leg, whose ParentCallSid is the call's sid, or the call itself).
 * Idempotent on (CallSid, SequenceNumber); a status never moves the call back (completed stays completed).
 * Returns what happened, for logs and tests.
 */
export async function applyStatusWebhook(db: Kysely<DB>, p: FormParams, now = new Date()): Promise<'applied' | 'recorded' | 'duplicate' | 'unknown_call' | 'invalid'> {
  const eventSid = p.CallSid ?? '';
  const status = p.CallStatus ?? '';
  const sequence = Number(p.SequenceNumber);
  if (!eventSid || !(status in RANK) || !Number.isInteger(sequence) || sequence < 0) return 'invalid';
  const sids = [eventSid, ...(p.ParentCallSid ? [p.ParentCallSid] : [])];
  const found = await withSystem(db, (tx) =>
    tx.selectFrom('calls').select(['organization_id', 'id']).where('call_sid', 'in', sids).executeTakeFirst(),
  );
  if (!found) return 'unknown_call';
  const at = parseDate(p.Timestamp, now);
  return withTenant(db, found.organization_id, async (tx) => {
    const inserted = await tx
      .insertInto('twilio_status_events')
      .values({ organization_id: found.organization_id, call_sid: eventSid, sequence_number: sequence, call_id: found.id, status })
      .onConflict((oc) => oc.columns(['organization_id', 'call_sid', 'sequence_number']).doNothing())
      .returning('call_sid')
      .executeTakeFirst();
    if (!inserted) return 'duplicate' as const;
    const call = await repo.findCall(tx, found.organization_id, found.id, true);
    if (!call) return 'unknown_call' as const;
    const current = RANK[call.status] ?? 0;
    const next = RANK[status]!;
    const values: Record<string, unknown> = {};
    if (next > current) {
      values.status = (status === 'queued' ? 'initiated' : status) as CallStatus;
      if (next === 3) {
        values.ended_at = at;
        const answered = call.answered_at ? new Date(call.answered_at) : null;
        const reported = Number(p.CallDuration);
        values.duration_sec = Number.isInteger(reported) && reported >= 0 ? reported
          : answered ? Math.max(0, Math.round((at.getTime() - answered.getTime()) / 1000)) : 0;
      }
    }
    // Answered after the fact (completed arrived first): the answer time is still worth keeping.
    if (status === 'in-progress' && !call.answered_at) values.answered_at = at;
    const applied = Object.keys(values).length > 0;
    if (applied) await repo.updateCall(tx, found.organization_id, found.id, values);
    await repo.insertEvent(tx, {
      organizationId: found.organization_id, leadId: call.lead_id, userId: call.user_id, callId: call.id, kind: 'status', reason: status,
      details: { status, call_sid: eventSid, parent_call_sid: p.ParentCallSid ?? null, sequence_number: sequence, provider: 'twilio', applied: next > current },
    });
    return applied ? ('applied' as const) : ('recorded' as const);
  });
}
