import { describe, expect, it } from 'vitest';
import { detectOptOut, matchOptOut } from './opt-out';
import { conversationsQuery, sendTextBody, SMS_BODY_MAX, SMS_MESSAGES, threadsQuery } from './sms-api';
import { fillTemplate, SMS_TEMPLATES } from './templates';

describe('detectOptOut', () => {
  it.each([
    'STOP', 'stop', 'Stop', ' stop ', 'STOP.', 'stop!!', '"Stop"', 'STOPALL', 'stopall', 'UNSUBSCRIBE', 'Unsubscribe.', 'CANCEL', 'cancel',
    'END', 'end', 'QUIT', 'quit!', '\n STOP \n',
  ])('a carrier keyword alone is an opt-out: %j', (text) => {
    expect(detectOptOut(text)).toBe('opt_out');
  });

  it.each([
    'Stop texting me', 'stop texting me please', 'Please take me off your list', 'Take me off your list.', "Don't text me again", 'dont text me',
    'Do not text this number', 'Remove my number', 'please remove my number from your list', 'Stop calling me', 'Stop sending me these messages',
    'unsubscribe me', 'How do I opt out?', 'No more texts', 'no more messages please', 'Stop please', 'please stop', 'STOP STOP',
    "I'm on the do not call list", 'Leave me alone', 'I’m not selling. Stop contacting me.',
  ])('a clear request is an opt-out: %j', (text) => {
    expect(detectOptOut(text)).toBe('opt_out');
  });

  it.each(['START', 'start', ' Start. ', 'UNSTOP', 'unstop!'])('START / UNSTOP alone is an opt-in: %j', (text) => {
    expect(detectOptOut(text)).toBe('opt_in');
  });

  it.each([
    "I'll stop by tomorrow", 'end of the month works', 'Can we cancel the inspection and do Friday?', 'Quit my job last year, need to sell',
    'Stop by anytime after 5', 'The roof leak will not stop', 'Start with the kitchen', 'When can you start?', 'Yes', 'How much would you offer?',
    "Don't stop texting me, I'm interested", "Don't call me before noon", 'Call me back later', '', '   ', '!!!', 'STOP ME IF YOU HEARD THIS',
  ])('an ordinary message is neither: %j', (text) => {
    expect(detectOptOut(text)).toBeNull();
  });

  it('says what matched: the keyword, or the phrase of a plain-language request', () => {
    expect(matchOptOut(' stop. ')).toEqual({ kind: 'opt_out', keyword: 'STOP', phrase: 'STOP' });
    expect(matchOptOut('Start')).toEqual({ kind: 'opt_in', keyword: 'START', phrase: 'START' });
    expect(matchOptOut(' Stop texting me ')).toEqual({ kind: 'opt_out', keyword: null, phrase: 'Stop texting me' });
    expect(matchOptOut('Sounds good')).toBeNull();
  });
});

describe('text bodies and queries', () => {
  const lead_id = '5a0d1c1e-6a4b-4f3e-9a51-0c9b9d5f2a10';

  it('trims the body and takes 1 to 1,600 characters', () => {
    expect(sendTextBody.parse({ lead_id, body: '  Hello  ' })).toEqual({ lead_id, body: 'Hello' });
    expect(sendTextBody.parse({ lead_id, body: 'x'.repeat(SMS_BODY_MAX), from_e164: '+15125550100' }).body).toHaveLength(SMS_BODY_MAX);
    const tooLong = sendTextBody.safeParse({ lead_id, body: 'x'.repeat(SMS_BODY_MAX + 1) });
    expect(tooLong.success ? null : tooLong.error.issues[0]).toMatchObject({ path: ['body'], message: SMS_MESSAGES.bodyTooLong });
    const blank = sendTextBody.safeParse({ lead_id, body: '   ' });
    expect(blank.success ? null : blank.error.issues[0]).toMatchObject({ path: ['body'], message: SMS_MESSAGES.bodyRequired });
    expect(sendTextBody.safeParse({ lead_id, body: 'hi', extra: 1 }).success).toBe(false);
    expect(sendTextBody.safeParse({ lead_id: 'nope', body: 'hi' }).success).toBe(false);
    expect(SMS_MESSAGES.bodyTooLong).toBe('A text message can be at most 1,600 characters');
  });

  it('reads the thread list limit with a default and a ceiling', () => {
    expect(threadsQuery.parse({})).toEqual({ limit: 50 });
    expect(threadsQuery.parse({ search: ' Pat ', limit: '10' })).toEqual({ search: 'Pat', limit: 10 });
    expect(threadsQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(threadsQuery.safeParse({ limit: '201' }).success).toBe(false);
    expect(conversationsQuery.safeParse({}).success).toBe(false);
  });
});

describe('saved templates', () => {
  it('fill {first_name} and {property_address}, with fallbacks for blank values', () => {
    expect(fillTemplate('Hi {first_name}, about {property_address}.', { first_name: 'Pat', property_address: '12 Main St' })).toBe('Hi Pat, about 12 Main St.');
    expect(fillTemplate('Hi {first_name}, about {property_address}.', { first_name: ' ', property_address: null })).toBe('Hi there, about your property.');
    expect(fillTemplate('{first_name} {first_name} {other}', { first_name: 'Sam' })).toBe('Sam Sam {other}');
  });

  it('are a few, each with an id, a name and placeholders, within the length limit', () => {
    expect(SMS_TEMPLATES.length).toBeGreaterThanOrEqual(3);
    expect(new Set(SMS_TEMPLATES.map((t) => t.id)).size).toBe(SMS_TEMPLATES.length);
    for (const t of SMS_TEMPLATES) {
      expect(t.name).not.toBe('');
      expect(t.body).toMatch(/\{first_name\}|\{property_address\}/);
      expect(fillTemplate(t.body, { first_name: 'A'.repeat(100), property_address: 'B'.repeat(200) }).length).toBeLessThanOrEqual(SMS_BODY_MAX);
    }
  });
});
