import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_INTERJECTIONS, demoConversation, scenarioFor, type ConversationContext } from './demo-conversation';
import { DemoLine } from './demo-line';
import type { ProviderCall, SpokenChunk } from './index';

const CONTEXT: ConversationContext = {
  leadFirstName: 'Maria', street: '12 Oak St', city: 'Austin', estimatedValue: 312_400, motivationScore: 7, agentFirstName: 'Dana',
};
const MS_PER_WORD = 100;
const GAP = MS_PER_WORD * 2;

describe('demo conversation', () => {
  it('uses the lead and agent names, the address and a round asking price, with price, timing and trust moments', () => {
    const turns = demoConversation(CONTEXT);
    const text = turns.map((t) => t.text).join(' ');
    expect(turns[0]).toEqual({ speaker: 'lead', text: 'Hello?' });
    expect(turns[1]!.text).toBe("Hi, is this Maria? This is Dana with Wholesail Home Buyers. I'm calling about 12 Oak St.");
    expect(text).toContain("I think it's worth $310,000.");
    expect(text).toMatch(/When could you close\?/);
    expect(text).toMatch(/don't really trust investors/);
    expect(new Set(turns.map((t) => t.speaker))).toEqual(new Set(['agent', 'lead']));
    expect(turns.at(-1)!.speaker).toBe('lead');
  });

  it('a seller with motivation below 2 asks to be taken off the list', () => {
    expect(scenarioFor({ ...CONTEXT, motivationScore: 1 })).toBe('do_not_call');
    expect(scenarioFor({ ...CONTEXT, motivationScore: 2 })).toBe('seller');
    expect(scenarioFor({ ...CONTEXT, motivationScore: null })).toBe('seller');
    const turns = demoConversation({ ...CONTEXT, motivationScore: 0 });
    expect(turns.map((t) => t.text)).toContain("I've told you people before. Stop calling me and take me off your list.");
  });

  it('falls back to neutral words when the record has no name, address or value', () => {
    const turns = demoConversation({ leadFirstName: null, street: null, city: null, estimatedValue: null, motivationScore: null, agentFirstName: null });
    expect(turns[1]!.text).toBe("Hi there. This is Sam with Wholesail Home Buyers. I'm calling about your property.");
    expect(turns[2]!.text).toBe("Yeah, that's me. What's this about?");
    expect(turns.map((t) => t.text).join(' ')).toContain('worth a lot more than investors usually offer');
  });
});

describe('DemoLine', () => {
  let speech: SpokenChunk[];
  let statuses: string[];
  let line: DemoLine;
  const call: ProviderCall = { id: 'call-1', organizationId: 'org', callSid: 'CA1', from: '+15125550101', to: '+15125550199', conversation: CONTEXT };
  const finals = () => speech.filter((c) => !c.isPartial).map((c) => `${c.speaker}: ${c.transcript}`);

  beforeEach(() => {
    vi.useFakeTimers();
    speech = [];
    statuses = [];
    line = new DemoLine({
      ringMs: 2000,
      msPerWord: MS_PER_WORD,
      onStatus: async (_c, status) => void statuses.push(status),
      onSpeech: async (_c, chunk) => void speech.push(chunk),
    });
  });
  afterEach(async () => {
    await line.stop();
    vi.useRealTimers();
  });

  it('rings, answers after ringMs, speaks every turn interim then final in sequence, and the seller hangs up at the end', async () => {
    await line.startCall(call);
    expect(statuses).toEqual(['ringing']);
    await vi.advanceTimersByTimeAsync(1999);
    expect(statuses).toEqual(['ringing']);
    await vi.advanceTimersByTimeAsync(1);
    expect(statuses).toEqual(['ringing', 'in-progress']);
    await vi.advanceTimersByTimeAsync(120_000);
    const turns = demoConversation(CONTEXT);
    expect(finals()).toEqual(turns.map((t) => `${t.speaker}: ${t.text}`));
    expect(speech.map((c) => c.sequence)).toEqual(speech.map((_, i) => i));
    const firstAgent = speech.filter((c) => c.speaker === 'agent');
    expect(firstAgent[0]).toMatchObject({ isPartial: true, transcript: 'Hi, is this Maria? This is Dana with Wholesail' });
    expect(firstAgent[0]!.confidence).toBeLessThan(firstAgent[1]!.confidence);
    expect(statuses).toEqual(['ringing', 'in-progress', 'completed']);
    expect(line.activeCalls).toBe(0);
  });

  it('holds the agent while muted, the seller asks if anyone is there, and unmuting resumes', async () => {
    await line.startCall(call);
    await vi.advanceTimersByTimeAsync(2000);
    await line.mute(call.id, true);
    await vi.advanceTimersByTimeAsync(GAP * 20);
    expect(finals()).toEqual(['lead: Hello?', `lead: ${DEMO_INTERJECTIONS.silence}`]);
    expect(speech.some((c) => c.speaker === 'agent')).toBe(false);
    await vi.advanceTimersByTimeAsync(GAP * 20);
    expect(finals()).toHaveLength(2);
    await line.mute(call.id, false);
    await vi.advanceTimersByTimeAsync(MS_PER_WORD * 20);
    expect(finals()[2]).toMatch(/^agent: Hi, is this Maria\?/);
  });

  it('the seller remarks on keypad tones once per call', async () => {
    await line.startCall(call);
    await vi.advanceTimersByTimeAsync(2000 + GAP);
    await line.tones(call.id);
    await line.tones(call.id);
    await vi.advanceTimersByTimeAsync(GAP + 1);
    expect(finals().filter((f) => f === `lead: ${DEMO_INTERJECTIONS.tones}`)).toHaveLength(1);
  });

  it('hang-up stops the conversation at once', async () => {
    await line.startCall(call);
    await vi.advanceTimersByTimeAsync(2000 + GAP * 3);
    const spoken = speech.length;
    await line.hangup(call.id);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(speech).toHaveLength(spoken);
    expect(statuses).toEqual(['ringing', 'in-progress']);
    expect(line.activeCalls).toBe(0);
  });
});
