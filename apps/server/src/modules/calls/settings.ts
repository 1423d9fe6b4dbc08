import { TWILIO_NOT_CONFIGURED, VOICE_MESSAGES, type CallSettingsBody, type VoiceProviderChoice, type VoiceProviderKind } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { AppError } from '../../http/errors';
import { logActivity } from '../organizations/repo';
import { findSettings, upsertSettings } from '../settings/repo';
import * as repo from './repo';

/** The calling section of organization_settings: `calling.enforceHours` and `calling.voiceProvider`. */
type CallingSection = { enforceHours?: unknown; voiceProvider?: unknown };

async function callingSection(tx: Tx, organizationId: string): Promise<{ stored: Record<string, unknown>; calling: CallingSection }> {
  const stored = (await findSettings(tx, organizationId)) ?? {};
  return { stored, calling: (stored.calling as CallingSection | undefined) ?? {} };
}

const choiceOf = (calling: CallingSection): VoiceProviderChoice =>
  calling.voiceProvider === 'twilio' || calling.voiceProvider === 'demo' ? calling.voiceProvider : 'auto';

/** The two calling settings the compliance gate needs, read once per dial or text. */
export async function readCalling(tx: Tx, organizationId: string): Promise<{ enforceHours: boolean; voiceProvider: VoiceProviderChoice }> {
  const { calling } = await callingSection(tx, organizationId);
  return { enforceHours: calling.enforceHours !== false, voiceProvider: choiceOf(calling) };
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

export async function readCallSettings(tx: Tx, organizationId: string, twilioConfigured: boolean) {
  const { calling } = await callingSection(tx, organizationId);
  const voiceProvider = choiceOf(calling);
  return { enforceHours: calling.enforceHours !== false, voiceProvider, activeProvider: activeProvider(voiceProvider, twilioConfigured), twilioConfigured };
}

/** An admin's change; the calling-hours override is recorded in call_events and both in the activity log. */
export async function writeCallSettings(tx: Tx, ctx: { organizationId: string; userId: string }, body: CallSettingsBody, twilioConfigured: boolean) {
  const { stored, calling } = await callingSection(tx, ctx.organizationId);
  const previousHours = calling.enforceHours !== false;
  const previousProvider = choiceOf(calling);
  const next = { ...calling, ...body };
  await upsertSettings(tx, ctx.organizationId, { ...stored, calling: next });
  if (body.enforceHours !== undefined && body.enforceHours !== previousHours) {
    await repo.insertEvent(tx, {
      organizationId: ctx.organizationId, leadId: null, userId: ctx.userId, kind: 'hours_override_changed',
      reason: body.enforceHours ? 'Calling hours enforced' : 'Calling hours check disabled by an admin',
      details: { enforceHours: body.enforceHours, previous: previousHours },
    });
    await logActivity(tx, { organizationId: ctx.organizationId, actorId: ctx.userId, action: 'settings.calling_hours', entityType: 'organization_settings', entityId: ctx.organizationId, details: { enforceHours: body.enforceHours } });
  }
  if (body.voiceProvider !== undefined && body.voiceProvider !== previousProvider) {
    await logActivity(tx, { organizationId: ctx.organizationId, actorId: ctx.userId, action: 'settings.voice_provider', entityType: 'organization_settings', entityId: ctx.organizationId, details: { voiceProvider: body.voiceProvider, previous: previousProvider } });
  }
  return readCallSettings(tx, ctx.organizationId, twilioConfigured);
}
