import { describe, expect, it } from 'vitest';
import { callingWindow, leadCallingLocation, nextAllowedTime, timeZoneFor } from '..';

const at = (iso: string) => new Date(iso);
const allowed = (state: string | null, iso: string, zip: string | null = null) => callingWindow(state, zip, at(iso)).allowed;

describe('callingWindow: Texas by weekday', () => {
  // 2026-11-22 is a Sunday (CST = UTC-6).
  it('opens at noon on Sundays, lead-local', () => {
    const before = callingWindow('TX', '78701', at('2026-11-22T17:59:00Z'));
    expect(before).toMatchObject({ allowed: false, localTime: '11:59 AM', zone: 'CT', opensAt: '12:00 PM', closesAt: '9:00 PM', nextAllowedAt: '2026-11-22T18:00:00.000Z' });
    expect(before.message).toBe(
      'Texas allows telephone solicitation 12:00 PM–9:00 PM on Sundays (Tex. Bus. & Com. Code § 301.051); it is 11:59 AM there (CT). Calling opens at 12:00 PM today.',
    );
    expect(callingWindow('TX', '78701', at('2026-11-22T18:00:00Z'))).toMatchObject({ allowed: true, localTime: '12:00 PM', rule: { state: 'TX', name: 'Texas' } });
    expect(allowed('TX', '2026-11-23T02:59:00Z')).toBe(true); // Sunday 8:59 PM
    expect(allowed('TX', '2026-11-23T03:00:00Z')).toBe(false); // Sunday 9:00 PM
  });

  it('closes at 9:00 PM on Saturday and reopens at noon on Sunday', () => {
    expect(allowed('TX', '2026-11-22T02:59:00Z')).toBe(true); // Saturday 8:59 PM
    const closed = callingWindow('TX', null, at('2026-11-22T03:00:00Z'));
    expect(closed.message).toBe(
      'Texas allows telephone solicitation 9:00 AM–9:00 PM Monday–Saturday (Tex. Bus. & Com. Code § 301.051); it is 9:00 PM there (CT). Calling opens at 12:00 PM tomorrow.',
    );
    expect(allowed('TX', '2026-11-21T14:59:00Z')).toBe(false); // Saturday 8:59 AM
    expect(allowed('TX', '2026-11-21T15:00:00Z')).toBe(true); // Saturday 9:00 AM
  });

  it('uses El Paso’s Mountain time', () => {
    expect(timeZoneFor('TX', '79901')).toBe('America/Denver');
    expect(callingWindow('TX', '79901', at('2026-11-22T18:59:00Z'))).toMatchObject({ allowed: false, localTime: '11:59 AM', zone: 'MT' });
    expect(allowed('TX', '2026-11-22T19:00:00Z', '79901')).toBe(true);
  });
});

describe('callingWindow: Florida and the federal window', () => {
  it('closes Florida at 8:00 PM, the Panhandle on Central time', () => {
    // July: EDT = UTC-4.
    expect(callingWindow('FL', '33101', at('2026-07-15T23:59:00Z'))).toMatchObject({ allowed: true, localTime: '7:59 PM' });
    const closed = callingWindow('FL', '33101', at('2026-07-16T00:00:00Z'));
    expect(closed).toMatchObject({ allowed: false, localTime: '8:00 PM', closesAt: '8:00 PM' });
    expect(closed.message).toBe(
      'Florida allows telephone solicitation 8:00 AM–8:00 PM every day (Fla. Stat. § 501.616(6)(a)); it is 8:00 PM there (ET). Calling opens at 8:00 AM tomorrow.',
    );
    expect(timeZoneFor('FL', '32501')).toBe('America/Chicago');
    expect(callingWindow('FL', '32501', at('2026-07-16T00:30:00Z'))).toMatchObject({ allowed: true, localTime: '7:30 PM', zone: 'CT' });
  });

  it('allows 8:00–21:00 local where the state has nothing stricter', () => {
    // 2026-01-15 is winter: PST = UTC-8, MST (AZ) = UTC-7, HST = UTC-10.
    expect(callingWindow('CA', null, at('2026-01-16T04:59:00Z'))).toMatchObject({ allowed: true, localTime: '8:59 PM', zone: 'PT' });
    const late = callingWindow('California', null, at('2026-01-16T05:00:00Z'));
    expect(late).toMatchObject({ allowed: false, localTime: '9:00 PM', rule: { state: null, citation: '47 CFR 64.1200(c)(1)' } });
    expect(late.message).toBe(
      'Federal rules allow telephone solicitation 8:00 AM–9:00 PM every day (47 CFR 64.1200(c)(1)); it is 9:00 PM there (PT). Calling opens at 8:00 AM tomorrow.',
    );
    expect(callingWindow('az', null, at('2026-07-15T15:00:00Z'))).toMatchObject({ allowed: true, localTime: '8:00 AM', zone: 'MST' });
    expect(callingWindow('HI', null, at('2026-07-15T17:59:00Z'))).toMatchObject({ allowed: false, localTime: '7:59 AM' });
    expect(callingWindow('NY', null, at('2026-07-15T12:00:00Z'))).toMatchObject({ allowed: true, localTime: '8:00 AM', zone: 'ET' });
  });

  it('is DST-correct on the change dates', () => {
    // 2026-03-08: clocks spring forward at 2:00; Chicago is CDT (UTC-5) from then on, and it is a Sunday.
    expect(allowed('IL', '2026-03-08T12:59:00Z')).toBe(false); // 7:59 CDT
    expect(allowed('IL', '2026-03-08T13:00:00Z')).toBe(true); // 8:00 CDT
    expect(allowed('IL', '2026-03-09T01:59:00Z')).toBe(true); // 20:59 CDT
    expect(allowed('IL', '2026-03-09T02:00:00Z')).toBe(false); // 21:00 CDT
    expect(allowed('TX', '2026-03-08T16:59:00Z')).toBe(false); // Sunday 11:59 CDT
    expect(allowed('TX', '2026-03-08T17:00:00Z')).toBe(true); // Sunday 12:00 CDT
    // 2026-11-01: clocks fall back at 2:00; New York is EST (UTC-5), Texas CST (UTC-6).
    expect(callingWindow('NY', null, at('2026-11-01T12:59:00Z'))).toMatchObject({ allowed: false, localTime: '7:59 AM' });
    expect(callingWindow('NY', null, at('2026-11-01T13:00:00Z'))).toMatchObject({ allowed: true, localTime: '8:00 AM' });
    expect(callingWindow('NY', null, at('2026-11-02T01:59:00Z'))).toMatchObject({ allowed: true, localTime: '8:59 PM' });
    expect(callingWindow('NY', null, at('2026-11-02T02:00:00Z'))).toMatchObject({ allowed: false, localTime: '9:00 PM' });
    expect(allowed('TX', '2026-11-01T17:59:00Z')).toBe(false); // Sunday 11:59 CST
    expect(allowed('TX', '2026-11-01T18:00:00Z')).toBe(true); // Sunday 12:00 CST
    // Arizona keeps MST all year.
    expect(callingWindow('AZ', null, at('2026-03-08T15:00:00Z')).localTime).toBe('8:00 AM');
  });
});

describe('callingWindow: days and holidays without calls', () => {
  it('refuses a Sunday in Mississippi and names the next opening', () => {
    const w = callingWindow('MS', '39201', at('2026-11-22T16:00:00Z'));
    expect(w).toMatchObject({ allowed: false, opensAt: null, closesAt: null, nextAllowedAt: '2026-11-23T14:00:00.000Z' });
    expect(w.message).toBe('Mississippi allows no telephone solicitation on Sundays (Miss. Code Ann. § 77-3-723); it is 10:00 AM there (CT). Calling opens at 8:00 AM tomorrow.');
  });

  it('refuses Utah on Pioneer Day and on both days of its Juneteenth', () => {
    const w = callingWindow('UT', null, at('2026-07-24T16:00:00Z')); // Friday 10:00 MDT
    expect(w).toMatchObject({ allowed: false, holiday: 'Pioneer Day', opensAt: null });
    expect(w.message).toBe(
      'Utah allows no telephone solicitation on legal holidays, and today is Pioneer Day there (Utah Code §§ 13-25a-103(3), 63G-1-301); it is 10:00 AM there (MT). Calling opens at 8:00 AM tomorrow.',
    );
    expect(allowed('UT', '2026-07-23T16:00:00Z')).toBe(true);
    // June 19, 2026 is a Friday: the legal holiday is the Monday before (June 15); both are kept.
    expect(callingWindow('UT', null, at('2026-06-19T16:00:00Z')).holiday).toBe('Juneteenth');
    expect(callingWindow('UT', null, at('2026-06-15T16:00:00Z')).holiday).toBe('Juneteenth');
    expect(allowed('UT', '2026-06-16T16:00:00Z')).toBe(true);
  });

  it('refuses Rhode Island on Victory Day and a Saturday Independence Day with its Friday and Monday', () => {
    expect(callingWindow('RI', null, at('2026-08-10T15:00:00Z')).holiday).toBe('Victory Day');
    // July 4, 2026 is a Saturday: the federal Friday and the state's Monday are holidays too.
    for (const day of ['2026-07-03', '2026-07-04', '2026-07-06']) expect(callingWindow('RI', null, at(`${day}T15:00:00Z`)).holiday).toBe('Independence Day');
    expect(nextAllowedTime({ state: 'RI', zip: null }, at('2026-07-02T22:00:00Z')).toISOString()).toBe('2026-07-07T13:00:00.000Z');
  });

  it('refuses Alabama on its state holidays and Pennsylvania on Good Friday, Flag Day and Election Day', () => {
    expect(callingWindow('AL', null, at('2026-06-01T16:00:00Z')).holiday).toBe("Jefferson Davis' Birthday");
    expect(callingWindow('AL', null, at('2026-04-27T16:00:00Z')).holiday).toBe('Confederate Memorial Day');
    expect(allowed('AL', '2026-04-28T16:00:00Z')).toBe(true);
    expect(callingWindow('PA', null, at('2026-04-03T16:00:00Z')).holiday).toBe('Good Friday');
    expect(callingWindow('PA', null, at('2026-06-15T16:00:00Z')).holiday).toBe('Flag Day'); // June 14 is a Sunday
    expect(callingWindow('PA', null, at('2026-11-03T16:00:00Z')).holiday).toBe('Election Day');
    // January 1, 2028 is a Saturday: Friday December 31, 2027 is its federal observance.
    expect(callingWindow('PA', null, at('2027-12-31T16:00:00Z')).holiday).toBe("New Year's Day");
    expect(allowed('PA', '2027-12-30T16:00:00Z')).toBe(true);
  });
});

describe('callingWindow: unknown location', () => {
  it('allows only the intersection of every state rule in every zone: Hawaii opens, Rhode Island closes', () => {
    // Wednesday 2026-07-15. Summer: HST = UTC-10, EDT = UTC-4. Hawaii 8:00 = 14:00 ET; Rhode Island weekdays close at 18:00.
    expect(callingWindow(null, null, at('2026-07-15T18:00:00Z'))).toMatchObject({ allowed: true, locationKnown: false, opensAt: '2:00 PM', closesAt: '6:00 PM', zone: 'ET', rule: null });
    const early = callingWindow(null, null, at('2026-07-15T17:59:00Z'));
    expect(early.message).toBe(
      "This lead's location is unknown, so calling is allowed only while every state's calling rules allow it in every US time zone (today 2:00 PM–6:00 PM ET); it is 1:59 PM ET. Calling opens at 2:00 PM ET today.",
    );
    expect(allowed('', '2026-07-15T21:59:00Z')).toBe(true);
    expect(allowed('', '2026-07-15T22:00:00Z')).toBe(false);
    // Winter: EST = UTC-5, Hawaii 8:00 = 13:00 ET.
    expect(callingWindow(null, null, at('2026-01-15T18:00:00Z'))).toMatchObject({ allowed: true, opensAt: '1:00 PM' });
    expect(allowed(null, '2026-01-15T17:59:00Z')).toBe(false);
  });

  it('allows no calls on a Sunday or a holiday anywhere, and says when calling opens', () => {
    const sunday = callingWindow(null, null, at('2026-11-22T18:00:00Z'));
    expect(sunday).toMatchObject({ allowed: false, opensAt: null, nextAllowedAt: '2026-11-23T18:00:00.000Z' });
    expect(sunday.message).toContain('(no calling today); it is 1:00 PM ET. Calling opens at 1:00 PM ET tomorrow.');
    expect(allowed(null, '2026-11-26T19:00:00Z')).toBe(false); // Thanksgiving
    expect(callingWindow(null, null, at('2026-11-26T19:00:00Z')).message).toContain('Calling opens at 1:00 PM ET tomorrow.');
  });
});

describe('nextAllowedTime', () => {
  it('is the instant itself when allowed, else the next legal minute in the lead’s time', () => {
    expect(nextAllowedTime({ state: 'TX', zip: null }, at('2026-11-22T18:30:15Z')).toISOString()).toBe('2026-11-22T18:30:15.000Z');
    expect(nextAllowedTime({ state: 'TX', zip: null }, at('2026-11-22T03:00:00Z')).toISOString()).toBe('2026-11-22T18:00:00.000Z');
    expect(nextAllowedTime({ state: 'FL', zip: '33101' }, at('2026-07-18T00:00:00Z')).toISOString()).toBe('2026-07-18T12:00:00.000Z');
    expect(nextAllowedTime({ state: 'MS', zip: null }, at('2026-11-22T02:30:00Z')).toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(nextAllowedTime({ state: 'UT', zip: null }, at('2026-07-24T04:00:00Z')).toISOString()).toBe('2026-07-25T14:00:00.000Z');
    expect(nextAllowedTime({ state: null, zip: null }, at('2026-11-21T23:00:00Z')).toISOString()).toBe('2026-11-23T18:00:00.000Z');
  });

  it('crosses the DST change at the new offset', () => {
    // Saturday 2026-03-07 22:00 CST; Sunday opens at 12:00 CDT = 17:00 UTC.
    expect(nextAllowedTime({ state: 'TX', zip: null }, at('2026-03-08T04:00:00Z')).toISOString()).toBe('2026-03-08T17:00:00.000Z');
    // Saturday 2026-10-31 22:00 CDT; Sunday opens at 12:00 CST = 18:00 UTC.
    expect(nextAllowedTime({ state: 'TX', zip: null }, at('2026-11-01T03:00:00Z')).toISOString()).toBe('2026-11-01T18:00:00.000Z');
  });
});

describe('leadCallingLocation', () => {
  it('locates a lead by property state, then mailing state', () => {
    expect(leadCallingLocation({ property_address_state: 'TX', property_address_zip: '79901' })).toEqual({ state: 'TX', zip: '79901' });
    expect(leadCallingLocation({ property_address_state: null, mailing_address_state: 'FL', mailing_address_zip: '33101' })).toEqual({ state: 'FL', zip: '33101' });
    expect(leadCallingLocation({})).toEqual({ state: null, zip: null });
    expect(timeZoneFor('TN', '37902')).toBe('America/New_York');
    expect(timeZoneFor('IN', null)).toBe('America/Indiana/Indianapolis');
    expect(timeZoneFor('Texas', undefined)).toBe('America/Chicago');
    expect(timeZoneFor('ZZ', '12345')).toBeNull();
  });
});
