import { describe, expect, it } from 'vitest';
import {
  callingWindow, chooseCallerId, completeCallBody, formatLocalStamp, leadCallingLocation, outcomeAllowsFollowUp,
  phoneNumberCreateBody, timeZoneFor, CALL_MESSAGES, CALL_OUTCOMES,
} from '..';

const at = (iso: string) => new Date(iso);

describe('callingWindow', () => {
  it('allows 8:00–21:00 local in several states', () => {
    // 2026-01-15 is winter: CST = UTC-6, PST = UTC-8, MST (AZ) = UTC-7, HST = UTC-10.
    expect(callingWindow('TX', '78701', at('2026-01-15T14:00:00Z'))).toMatchObject({ allowed: true, localTime: '8:00 AM', zone: 'CT' });
    expect(callingWindow('TX', '78701', at('2026-01-15T13:59:00Z'))).toMatchObject({ allowed: false, localTime: '7:59 AM' });
    expect(callingWindow('CA', null, at('2026-01-16T04:59:00Z'))).toMatchObject({ allowed: true, localTime: '8:59 PM', zone: 'PT' });
    expect(callingWindow('California', null, at('2026-01-16T05:00:00Z'))).toMatchObject({ allowed: false, localTime: '9:00 PM' });
    expect(callingWindow('az', null, at('2026-07-15T15:00:00Z'))).toMatchObject({ allowed: true, localTime: '8:00 AM', zone: 'MST' });
    expect(callingWindow('HI', null, at('2026-07-15T17:59:00Z'))).toMatchObject({ allowed: false, localTime: '7:59 AM' });
    expect(callingWindow('NY', null, at('2026-07-15T12:00:00Z'))).toMatchObject({ allowed: true, localTime: '8:00 AM', zone: 'ET' });
  });

  it('names the local time and the opening time when refusing', () => {
    const w = callingWindow('TX', null, at('2026-01-15T13:12:00Z'));
    expect(w.message).toBe('Calling hours for this lead are 8:00 AM–9:00 PM; it is 7:12 AM there (CT). Calling opens at 8:00 AM.');
    expect(callingWindow('TX', null, at('2026-01-16T03:30:00Z')).message).toBe(
      'Calling hours for this lead are 8:00 AM–9:00 PM; it is 9:30 PM there (CT). Calling opens at 8:00 AM tomorrow.',
    );
  });

  it('closes Florida at 20:00', () => {
    // July: EDT = UTC-4.
    expect(callingWindow('FL', '33101', at('2026-07-15T23:59:00Z'))).toMatchObject({ allowed: true, localTime: '7:59 PM' });
    const closed = callingWindow('FL', '33101', at('2026-07-16T00:00:00Z'));
    expect(closed).toMatchObject({ allowed: false, localTime: '8:00 PM', closesAt: '8:00 PM' });
    expect(closed.message).toContain('8:00 AM–8:00 PM');
    // The Panhandle (Pensacola, 325xx) is Central time.
    expect(timeZoneFor('FL', '32501')).toBe('America/Chicago');
    expect(callingWindow('FL', '32501', at('2026-07-16T00:30:00Z'))).toMatchObject({ allowed: true, localTime: '7:30 PM', zone: 'CT' });
  });

  it('uses zip prefixes for split states and the majority zone otherwise', () => {
    expect(timeZoneFor('TX', '79901')).toBe('America/Denver');
    expect(timeZoneFor('TN', '37902')).toBe('America/New_York');
    expect(timeZoneFor('TN', '37203')).toBe('America/Chicago');
    expect(timeZoneFor('IN', null)).toBe('America/Indiana/Indianapolis');
    expect(timeZoneFor('Texas', undefined)).toBe('America/Chicago');
    expect(timeZoneFor('ZZ', '12345')).toBeNull();
  });

  it('is DST-correct at 7:59, 8:00, 20:59 and 21:00 on the change dates', () => {
    // 2026-03-08: US clocks spring forward at 2:00; Chicago is CDT (UTC-5) from then on.
    expect(callingWindow('IL', null, at('2026-03-08T12:59:00Z')).allowed).toBe(false); // 7:59 CDT
    expect(callingWindow('IL', null, at('2026-03-08T13:00:00Z')).allowed).toBe(true); // 8:00 CDT
    expect(callingWindow('IL', null, at('2026-03-09T01:59:00Z')).allowed).toBe(true); // 20:59 CDT
    expect(callingWindow('IL', null, at('2026-03-09T02:00:00Z')).allowed).toBe(false); // 21:00 CDT
    // 2026-11-01: clocks fall back at 2:00; New York is EST (UTC-5).
    expect(callingWindow('NY', null, at('2026-11-01T12:59:00Z'))).toMatchObject({ allowed: false, localTime: '7:59 AM' });
    expect(callingWindow('NY', null, at('2026-11-01T13:00:00Z'))).toMatchObject({ allowed: true, localTime: '8:00 AM' });
    expect(callingWindow('NY', null, at('2026-11-02T01:59:00Z'))).toMatchObject({ allowed: true, localTime: '8:59 PM' });
    expect(callingWindow('NY', null, at('2026-11-02T02:00:00Z'))).toMatchObject({ allowed: false, localTime: '9:00 PM' });
    // Arizona keeps MST all year.
    expect(callingWindow('AZ', null, at('2026-03-08T15:00:00Z')).localTime).toBe('8:00 AM');
  });

  it('gives an unknown location the strictest US window (Hawaii opens, Eastern/Florida closes)', () => {
    // Summer: HST = UTC-10, EDT = UTC-4. Hawaii 8:00 = 14:00 ET; Florida-Eastern 20:00 ET.
    const summerOpen = callingWindow(null, null, at('2026-07-15T18:00:00Z'));
    expect(summerOpen).toMatchObject({ allowed: true, locationKnown: false, opensAt: '2:00 PM', closesAt: '8:00 PM', zone: 'ET' });
    const early = callingWindow(null, null, at('2026-07-15T17:59:00Z'));
    expect(early.allowed).toBe(false);
    expect(early.message).toContain('Calling opens at 2:00 PM ET');
    expect(callingWindow('', '', at('2026-07-16T00:00:00Z')).allowed).toBe(false);
    // Winter: EST = UTC-5, Hawaii 8:00 = 13:00 ET.
    expect(callingWindow(null, null, at('2026-01-15T18:00:00Z'))).toMatchObject({ allowed: true, opensAt: '1:00 PM' });
    expect(callingWindow(null, null, at('2026-01-15T17:59:00Z')).allowed).toBe(false);
  });

  it('locates a lead by property state, then mailing state, and stamps notes in local time', () => {
    expect(leadCallingLocation({ property_address_state: 'TX', property_address_zip: '79901' })).toEqual({ state: 'TX', zip: '79901' });
    expect(leadCallingLocation({ property_address_state: null, mailing_address_state: 'FL', mailing_address_zip: '33101' })).toEqual({ state: 'FL', zip: '33101' });
    expect(leadCallingLocation({})).toEqual({ state: null, zip: null });
    expect(formatLocalStamp(at('2026-01-15T14:05:00Z'), 'America/Chicago')).toBe('2026-01-15 08:05');
    expect(formatLocalStamp(at('2026-01-15T00:05:00Z'), 'UTC')).toBe('2026-01-15 00:05');
  });
});

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
