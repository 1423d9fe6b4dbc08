import { describe, expect, it } from 'vitest';
import { leadCallNumbers } from '../leads/phone';
import {
  addDncBody, DNC_MESSAGES, DNC_SOURCE_LABELS, DNC_SOURCES, dncListedMessage, dncListQuery, dncPhone, dncPhoneParams, dncPhoneProblem,
  formatListedDate, removeDncQuery,
} from './dnc-api';

describe('dncPhone', () => {
  it.each([
    ['+15125550123', '+15125550123'], ['15125550123', '+15125550123'], ['5125550123', '+15125550123'],
    ['(512) 555-0123', '+15125550123'], [' +1 512.555.0123 ', '+15125550123'],
  ])('normalises %j to %j, as the gate does', (value, e164) => {
    expect(dncPhone.parse(value)).toBe(e164);
  });

  it.each([
    ['512555012', 'Phone number must be at least 10 digits'],
    ['25125550123', DNC_MESSAGES.notUsNumber],
    ['+44 20 7946 0958', DNC_MESSAGES.notUsNumber],
    ['512-555-0123 x1', 'Phone number contains invalid characters'],
    ['=1+5125550123', 'Phone number contains invalid characters'],
    ['', 'Phone number must be at least 10 digits'],
  ])('refuses %j: %s', (value, problem) => {
    expect(dncPhoneProblem(value)).toBe(problem);
  });

  it('names the field in the bodies and parameters that carry a number', () => {
    expect(addDncBody.parse({ phone: '512 555 0123', reason: '  Asked twice  ' })).toEqual({ phone: '+15125550123', reason: 'Asked twice' });
    expect(addDncBody.safeParse({ phone: '123' }).error?.issues[0]?.path).toEqual(['phone']);
    expect(addDncBody.safeParse({ phone: '5125550123', lead_id: 'x' }).success).toBe(false);
    expect(dncPhoneParams.parse({ phone: '15125550123' })).toEqual({ phone: '+15125550123' });
    expect(removeDncQuery.safeParse({ reason: 'x', confirm_opt_out_override: 'yes' }).success).toBe(false);
  });
});

describe('dncListQuery', () => {
  it('defaults to the newest 50 and caps a page at 200', () => {
    expect(dncListQuery.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(dncListQuery.safeParse({ limit: '201' }).error?.issues[0]?.message).toBe('limit: must be at most 200');
  });
});

describe('dncListedMessage', () => {
  it('says the number as the app shows phones, why it is listed and the day it was, in the given time zone', () => {
    const at = '2026-03-05T03:30:00Z';
    expect(dncListedMessage({ phone_e164: '+15125550123', source: 'sms_opt_out', created_at: at }, 'America/Chicago')).toBe(
      '1 (512) 555-0123 is on the Do Not Call list (opted out by text, Mar 4, 2026)',
    );
    expect(dncListedMessage({ phone_e164: '+15125550123', source: 'manual', created_at: at })).toBe('1 (512) 555-0123 is on the Do Not Call list (added by hand, Mar 5, 2026)');
    expect(formatListedDate(new Date(at), 'America/New_York')).toBe('Mar 4, 2026');
  });

  it('has a label for every source', () => {
    expect(DNC_SOURCES.every((s) => DNC_SOURCE_LABELS[s].length > 0)).toBe(true);
  });
});

describe('leadCallNumbers', () => {
  it("lists a lead's callable numbers once each, in field order (phone, phone_number, contact_1_phone1..3)", () => {
    expect(leadCallNumbers({ contact_1_phone1: '512-555-0101', phone: '(512) 555-0100', phone_number: '1 512 555 0101', contact_1_phone3: '12' })).toEqual([
      '+15125550100', '+15125550101',
    ]);
    expect(leadCallNumbers({ phone: null, contact_1_phone2: 5125550100 })).toEqual([]);
  });
});
