import { describe, expect, it } from 'vitest';
import { callSettingsBody, chooseCallerId, completeCallBody, outcomeAllowsFollowUp, phoneNumberCreateBody, CALL_MESSAGES, CALL_OUTCOMES } from '..';

describe('chooseCallerId', () => {
  const nums = [
    { phone_number: '+15125550101', is_active: true, is_primary: false },
    { phone_number: '+15125550102', is_active: true, is_primary: true },
    { phone_number: '+15125550103', is_active: false, is_primary: false },
  ];
  it('takes the lead number, then the user default, then the primary, then the first active', () => {
    expect(chooseCallerId({ leadAssigned: '+15125550101', userDefault: '+15125550102', orgNumbers: nums })).toEqual({ phone_number: '+15125550101', reason: 'lead' });
    expect(chooseCallerId({ leadAssigned: null, userDefault: '+15125550101', orgNumbers: nums })).toEqual({ phone_number: '+15125550101', reason: 'user_default' });
    expect(chooseCallerId({ orgNumbers: nums })).toEqual({ phone_number: '+15125550102', reason: 'org_primary' });
    expect(chooseCallerId({ orgNumbers: nums.map((n) => ({ ...n, is_primary: false })) })).toEqual({ phone_number: '+15125550101', reason: 'first_active' });
    expect(chooseCallerId({ orgNumbers: [] })).toEqual({ phone_number: null, reason: 'none' });
  });
  it('skips candidates that are not active organization numbers', () => {
    expect(chooseCallerId({ leadAssigned: '+15125550103', userDefault: '+19995550000', orgNumbers: nums })).toEqual({ phone_number: '+15125550102', reason: 'org_primary' });
    expect(chooseCallerId({ userDefault: '+15125550103', orgNumbers: [nums[2]!] })).toEqual({ phone_number: null, reason: 'none' });
  });
});

describe('outcomes and bodies', () => {
  it('allows a follow-up only for callback_requested, maybe and interested', () => {
    expect(CALL_OUTCOMES.filter(outcomeAllowsFollowUp)).toEqual(['interested', 'maybe', 'callback_requested']);
  });
  it('requires an outcome with the spec message and trims notes', () => {
    const missing = completeCallBody.safeParse({ durationMs: 1000 });
    expect(missing.success).toBe(false);
    expect(missing.error!.issues[0]!.message).toBe(CALL_MESSAGES.outcomeRequired);
    expect(completeCallBody.safeParse({ outcome: 'nope' }).error!.issues[0]!.message).toBe(CALL_MESSAGES.outcomeRequired);
    expect(completeCallBody.parse({ outcome: 'maybe', notes: '  hi  ' }).notes).toBe('hi');
  });
  it('normalises organization numbers to E.164 with the phone messages', () => {
    expect(phoneNumberCreateBody.parse({ phone_number: '(512) 555-0123' }).phone_number).toBe('+15125550123');
    expect(phoneNumberCreateBody.parse({ phone_number: '+1 512 555 0123' }).phone_number).toBe('+15125550123');
    expect(phoneNumberCreateBody.safeParse({ phone_number: '555-0123' }).error!.issues[0]!.message).toBe('Phone number must be at least 10 digits');
    expect(phoneNumberCreateBody.safeParse({ phone_number: '512x5550123' }).error!.issues[0]!.message).toBe('Phone number contains invalid characters');
    expect(phoneNumberCreateBody.safeParse({ phone_number: '44 20 7946 0958 12' }).error!.issues[0]!.message).toBe(CALL_MESSAGES.notE164);
  });
});

describe('call settings', () => {
  it('takes a per-number limit of 1 to 10 and names the field otherwise', () => {
    expect(callSettingsBody.parse({ callsPerNumberPer24h: 1 })).toEqual({ callsPerNumberPer24h: 1 });
    expect(callSettingsBody.parse({ callsPerNumberPer24h: 10 })).toEqual({ callsPerNumberPer24h: 10 });
    for (const bad of [0, 11, 2.5, '3', null]) {
      expect(callSettingsBody.safeParse({ callsPerNumberPer24h: bad }).error!.issues[0]!.message).toBe(CALL_MESSAGES.callLimitRange);
    }
    expect(CALL_MESSAGES.callLimitRange).toBe('must be a whole number from 1 to 10');
    expect(callSettingsBody.safeParse({}).error!.issues[0]!.message).toBe('Nothing to change: send enforceHours, voiceProvider, callsPerNumberPer24h or outcomeStatus');
  });
});
