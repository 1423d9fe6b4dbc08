import { describe, expect, it } from 'vitest';
import { detectDoNotCall, doNotCallSuggestion } from './dnc';

describe('detectDoNotCall', () => {
  it.each([
    'Stop calling me.',
    "I've told you people before. Stop calling me and take me off your list.",
    'Please take me off your list',
    'Take my number off your calling list!',
    'Remove me from your list.',
    'Get us off of your call list',
    'Do not call me again.',
    "Don't call me anymore",
    'don’t call me',
    'Dont call this number again',
    "Please don't ever call here again",
    'Never call me again',
    'Remove my number',
    'Delete my phone number, thanks',
    'Put me on your do not call list',
    'Add my number to the do-not-call list.',
    "I'm on the national do not call registry",
    'Quit calling',
    'Stop contacting me',
    'Can you stop texting me?',
    'Stop the calls.',
    'No more calls, please',
    "I don't want you calling me anymore",
    'I asked you not to call me again',
    "Don't call me, I'll call you.",
    "Don't call me at all.",
    "Don't bother calling back.",
    'Just leave me alone',
  ])('is a request: %s', (line) => {
    expect(detectDoNotCall(line)).toBe(true);
  });

  it.each([
    'I do not call back strangers.',
    'I never call back numbers I do not know',
    'Stop, let me think.',
    'Call me back later.',
    "Don't call me before noon.",
    "Please don't call me until after 5.",
    "Don't call me at work, call my cell",
    'I would prefer you not to call me on weekends',
    "I'm not interested.",
    'Not right now.',
    "Don't stop calling, I might sell next year",
    'What is your offer?',
    'Who gave you my number?',
    'Is this on a list somewhere?',
    '',
  ])('is not a request: %s', (line) => {
    expect(detectDoNotCall(line)).toBe(false);
  });
});

describe('doNotCallSuggestion', () => {
  it('is a high-priority objection alert telling the agent to apologise, confirm removal and end the call', () => {
    const s = doNotCallSuggestion();
    expect(s).toMatchObject({ type: 'objection_alert', priority: 'high' });
    expect(s.confidence).toBeGreaterThanOrEqual(0.9);
    expect(s.text).toMatch(/Apologise/);
    expect(s.text).toMatch(/removing their number/);
    expect(s.text).toMatch(/end the call/);
    expect(s.rationale.length).toBeGreaterThan(20);
  });
});
