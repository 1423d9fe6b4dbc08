import { TWILIO_NOT_CONFIGURED, VOICE_MESSAGES, type CallingSettings, type CallSettingsBody, type VoiceProviderChoice, type VoiceProviderKind } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { AppError } from '../../http/errors';
import { audit } from '../audit/audit';
import { mergeSection, readSection } from '../settings/repo';
import * as repo from './repo';

/** The calling settings the compliance gate needs, read once per dial or text. */
export function readCalling(tx: Tx, organizationId: string): Promise<CallingSettings> {
  return readSection(tx, organizationId, 'calling');
}

/** 'auto' is Twilio when the server has credentials, else the demo line; null when Twilio is chosen but missing. */
export function activeProvider(choice: VoiceProviderChoice, twilioConfigured: boolean): VoiceProviderKind | null {
  if (choice === 'demo') return 'demo';
  if (choice === 'twilio') return twilioConfigured ? 'twilio' : null;
  return twilioConfigured ? 'twilio' : 'demo';
}

/** The line of a choice, or the 503 refusal naming the missing configuration when Twilio is chosen without it. */
export function lineOrRefusal(choice: VoiceProviderChoice, twilioConfigured: boolean): VoiceProviderKind | AppError {
  return activeProvider(choice, twilioConfigured) ?? new AppError(503, TWILIO_NOT_CONFIGURED, VOICE_MESSAGES.twilioNotConfigured);
}

/** The line this organization calls on (POST /api/voice/token); throws the 503 refusal. */
export async function voiceProviderFor(tx: Tx, organizationId: string, twilioConfigured: boolean): Promise<VoiceProviderKind> {
  const line = lineOrRefusal((await readCalling(tx, organizationId)).voiceProvider, twilioConfigured);
  if (line instanceof AppError) throw line;
  return line;
}

const withLine = (calling: CallingSettings, twilioConfigured: boolean) =>
  ({ ...calling, activeProvider: activeProvider(calling.voiceProvider, twilioConfigured), twilioConfigured });

export async function readCallSettings(tx: Tx, organizationId: string, twilioConfigured: boolean) {
  return withLine(await readCalling(tx, organizationId), twilioConfigured);
}

/**
 * An admin's change; the calling-hours override is recorded in call_events and every change in the activity log. The
 * settings row is locked from the first read, so what is recorded as the previous value is the one replaced.
 */
export async function writeCallSettings(tx: Tx, ctx: { organizationId: string; userId: string }, body: CallSettingsBody, twilioConfigured: boolean) {
  const previous = await readSection(tx, ctx.organizationId, 'calling', true);
  const { enforceHours: previousHours, voiceProvider: previousProvider, callsPerNumberPer24h: previousLimit } = previous;
  // The mapping is one key of the section: an outcome not sent keeps its status.
  const outcomeStatus = body.outcomeStatus && { ...previous.outcomeStatus, ...body.outcomeStatus };
  const calling = await mergeSection(tx, ctx.organizationId, 'calling', { ...body, outcomeStatus });
  if (body.enforceHours !== undefined && body.enforceHours !== previousHours) {
    await repo.insertEvent(tx, {
      organizationId: ctx.organizationId, leadId: null, userId: ctx.userId, kind: 'hours_override_changed',
      reason: body.enforceHours ? 'Calling hours enforced' : 'Calling hours check disabled by an admin',
      details: { enforceHours: body.enforceHours, previous: previousHours },
    });
    await audit(tx, { organizationId: ctx.organizationId, user: { id: ctx.userId } }, 'settings.calling_hours', { type: 'organization_settings', id: ctx.organizationId }, { enforceHours: body.enforceHours });
  }
  if (body.voiceProvider !== undefined && body.voiceProvider !== previousProvider) {
    await audit(tx, { organizationId: ctx.organizationId, user: { id: ctx.userId } }, 'settings.voice_provider', { type: 'organization_settings', id: ctx.organizationId }, { voiceProvider: body.voiceProvider, previous: previousProvider });
  }
  if (body.callsPerNumberPer24h !== undefined && body.callsPerNumberPer24h !== previousLimit) {
    await audit(tx, { organizationId: ctx.organizationId, user: { id: ctx.userId } }, 'settings.call_limit', { type: 'organization_settings', id: ctx.organizationId }, { callsPerNumberPer24h: body.callsPerNumberPer24h, previous: previousLimit });
  }
  if (outcomeStatus) {
    await audit(tx, { organizationId: ctx.organizationId, user: { id: ctx.userId } }, 'settings.outcome_status', { type: 'organization_settings', id: ctx.organizationId }, { outcomeStatus: body.outcomeStatus, previous: previous.outcomeStatus });
  }
  return withLine(calling, twilioConfigured);
}
