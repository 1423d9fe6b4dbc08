import { describe, expect, it } from 'vitest';
import { mergeTranscript } from './merge';
import type { TranscriptionRecord } from './rules';

let seq = 0;
const rec = (speaker: 'agent' | 'lead', transcript: string, ms: number, partial = false): TranscriptionRecord => ({
  id: `m${++seq}`, call_sid: 'CA1', transcript, timestamp: new Date(Date.UTC(2026, 0, 1, 12, 0, 0, ms)).toISOString(), confidence: 0.9, speaker, is_partial: partial,
});

describe('mergeTranscript', () => {
  it('replaces an interim piece by the final piece that contains it', () => {
    const lines = mergeTranscript([rec('lead', 'What would you', 0, true), rec('lead', 'What would you offer for it?', 800)]);
    expect(lines.map((l) => [l.text, l.isFinal])).toEqual([['What would you offer for it?', true]]);
  });

  it('merges an interim piece that the next piece is contained in, and keeps speakers apart', () => {
    const lines = mergeTranscript([
      rec('agent', 'We can close in seven days', 0, true),
      rec('lead', 'Okay then', 100),
      rec('agent', 'We can close in seven', 200, true),
    ]);
    expect(lines.map((l) => `${l.speaker}:${l.text}`)).toEqual(['agent:We can close in seven', 'lead:Okay then']);
  });

  it('drops identical text from the same speaker within 2 s, keeps it after 2 s or from the other speaker', () => {
    const lines = mergeTranscript([
      rec('lead', 'Hello?', 0), rec('lead', 'hello?', 1500), rec('agent', 'Hello?', 1600), rec('lead', 'Hello?', 4000),
    ]);
    expect(lines.map((l) => `${l.speaker}:${l.text}`)).toEqual(['lead:Hello?', 'agent:Hello?', 'lead:Hello?']);
  });

  it('does not merge a final line with a new one that contains it', () => {
    const lines = mergeTranscript([rec('lead', 'Yes', 0), rec('lead', 'Yes I can', 3000)]);
    expect(lines).toHaveLength(2);
  });

  it('keeps only the latest lines', () => {
    const many = Array.from({ length: 60 }, (_, i) => rec(i % 2 ? 'agent' : 'lead', `line number ${i}`, i * 3000));
    const lines = mergeTranscript(many);
    expect(lines).toHaveLength(50);
    expect(lines[0]!.text).toBe('line number 10');
  });
});
