import { describe, expect, it } from 'vitest';
import { callingWindow } from '../calls/calling-window';
import { legalSendTime, scheduleStep, stepDueAt } from './schedule';

const at = (iso: string) => new Date(iso);
const OHIO = { state: 'OH', zip: '43215' };
const TEXAS = { state: 'TX', zip: '78701' };
const UNKNOWN = { state: null, zip: null };
// 2026-11-16 is a Monday; November dates are standard time (EST = UTC-5, CST = UTC-6).

describe('stepDueAt', () => {
  it('falls due its delay after the previous step or the enrolment', () => {
    expect(stepDueAt(at('2026-11-16T15:00:00Z'), { kind: 'text', delay_minutes: 0 }, OHIO)).toEqual(at('2026-11-16T15:00:00Z'));
    expect(stepDueAt(at('2026-11-16T15:00:00Z'), { kind: 'email', delay_minutes: 2 * 1440 + 90 }, OHIO)).toEqual(at('2026-11-18T16:30:00Z'));
  });

  it('waits until the next time of day on the lead’s clock', () => {
    const nine = { kind: 'wait_until' as const, delay_minutes: 0, time: '09:00' };
    expect(stepDueAt(at('2026-11-16T13:00:00Z'), nine, OHIO)).toEqual(at('2026-11-16T14:00:00Z')); // 8:00 → 9:00 today
    expect(stepDueAt(at('2026-11-17T02:30:00Z'), nine, OHIO)).toEqual(at('2026-11-17T14:00:00Z')); // Mon 21:30 → Tue 9:00
    expect(stepDueAt(at('2026-11-16T14:00:30Z'), nine, OHIO)).toEqual(at('2026-11-16T14:00:30Z')); // within 9:00 itself
    expect(stepDueAt(at('2026-11-16T13:00:00Z'), nine, TEXAS)).toEqual(at('2026-11-16T15:00:00Z')); // 9:00 Central
    expect(stepDueAt(at('2026-11-16T13:00:00Z'), nine, UNKNOWN)).toEqual(at('2026-11-16T14:00:00Z')); // Eastern
  });

  it('waits until a weekday (its start), or a weekday at a time, after the delay', () => {
    const monday = { kind: 'wait_until' as const, delay_minutes: 0, weekday: 1 };
    expect(stepDueAt(at('2026-11-18T17:00:00Z'), monday, OHIO)).toEqual(at('2026-11-23T05:00:00Z')); // Wed → Mon 0:00
    expect(stepDueAt(at('2026-11-16T20:00:00Z'), monday, OHIO)).toEqual(at('2026-11-16T20:00:00Z')); // already Monday
    const mondayTen = { ...monday, time: '10:00' };
    expect(stepDueAt(at('2026-11-16T14:00:00Z'), mondayTen, OHIO)).toEqual(at('2026-11-16T15:00:00Z')); // Mon 9:00 → 10:00
    expect(stepDueAt(at('2026-11-16T16:00:00Z'), mondayTen, OHIO)).toEqual(at('2026-11-23T15:00:00Z')); // Mon 11:00 → next Mon
    expect(stepDueAt(at('2026-11-13T16:00:00Z'), { ...mondayTen, delay_minutes: 4 * 1440 }, OHIO)).toEqual(at('2026-11-23T15:00:00Z')); // Fri + 4 days = Tue
  });

  it('keeps the wall time across a daylight-saving change', () => {
    // Saturday 2026-10-31 9:00 EDT; clocks fall back on Sunday; Monday 9:00 is EST.
    expect(stepDueAt(at('2026-10-31T13:00:00Z'), { kind: 'wait_until', delay_minutes: 0, weekday: 1, time: '09:00' }, OHIO)).toEqual(at('2026-11-02T14:00:00Z'));
  });
});

describe('legalSendTime', () => {
  it('moves a step due at 21:30 lead-local to 8:00 the next allowed day, saying why', () => {
    const late = legalSendTime(OHIO, at('2026-11-17T02:30:00Z')); // Monday 9:30 PM ET
    expect(late.at).toEqual(at('2026-11-17T13:00:00Z')); // Tuesday 8:00 AM ET
    expect(late.moved).toBe(true);
    expect(late.reason).toBe(
      'Federal rules allow telephone solicitation 8:00 AM–9:00 PM every day (47 CFR 64.1200(c)(1)); it is 9:30 PM there (ET). Calling opens at 8:00 AM tomorrow.',
    );
  });

  it('keeps a Texas lead’s Sunday step until noon', () => {
    expect(legalSendTime(TEXAS, at('2026-11-22T15:00:00Z')).at).toEqual(at('2026-11-22T18:00:00Z')); // Sunday 9:00 → 12:00 CT
    const saturdayNight = legalSendTime(TEXAS, at('2026-11-22T03:30:00Z')); // Saturday 9:30 PM CT
    expect(saturdayNight.at).toEqual(at('2026-11-22T18:00:00Z'));
    expect(saturdayNight.reason).toMatch(/Calling opens at 12:00 PM tomorrow\.$/);
  });

  it('sends at the due time itself inside the window', () => {
    expect(legalSendTime(TEXAS, at('2026-11-22T18:00:00Z'))).toEqual({ at: at('2026-11-22T18:00:00Z'), moved: false, reason: null });
    expect(legalSendTime(OHIO, at('2026-11-17T01:59:59Z'))).toMatchObject({ moved: false });
  });

  it('is never earlier than due, always allowed, and the first allowed minute', () => {
    const places = [OHIO, TEXAS, UNKNOWN, { state: 'RI', zip: null }, { state: 'UT', zip: null }, { state: 'FL', zip: '32501' }];
    for (const place of places) {
      for (let t = Date.parse('2026-11-21T00:00:00Z'); t < Date.parse('2026-11-28T00:00:00Z'); t += 47 * 60_000) {
        const due = new Date(t);
        const { at: sendAt, moved } = legalSendTime(place, due);
        expect(sendAt.getTime()).toBeGreaterThanOrEqual(t);
        expect(callingWindow(place.state, place.zip, sendAt).allowed).toBe(true);
        expect(moved).toBe(sendAt.getTime() > t);
        if (moved) expect(callingWindow(place.state, place.zip, new Date(sendAt.getTime() - 60_000)).allowed).toBe(false);
      }
    }
  });
});

describe('scheduleStep', () => {
  it('moves texts and call tasks into the window, runs other steps when due', () => {
    const previous = at('2026-11-16T02:30:00Z'); // Sunday 9:30 PM ET
    const text = scheduleStep(previous, { kind: 'text', delay_minutes: 1440 }, OHIO);
    expect(text).toMatchObject({ due: at('2026-11-17T02:30:00Z'), at: at('2026-11-17T13:00:00Z'), moved: true });
    expect(scheduleStep(previous, { kind: 'call_task', delay_minutes: 1440 }, OHIO)).toMatchObject({ moved: true });
    expect(scheduleStep(previous, { kind: 'email', delay_minutes: 1440 }, OHIO)).toEqual({ due: at('2026-11-17T02:30:00Z'), at: at('2026-11-17T02:30:00Z'), moved: false, reason: null });
  });

  it('moves nothing when an admin switched the calling-hours check off, as the gate then sends at any hour', () => {
    const previous = at('2026-11-16T02:30:00Z');
    expect(scheduleStep(previous, { kind: 'text', delay_minutes: 1440 }, OHIO, false)).toEqual({ due: at('2026-11-17T02:30:00Z'), at: at('2026-11-17T02:30:00Z'), moved: false, reason: null });
  });
});
