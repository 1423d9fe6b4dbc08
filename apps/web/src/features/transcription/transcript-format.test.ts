import type { TranscriptLine } from '@wholesail/domain';
import { describe, expect, it } from 'vitest';
import { confidenceTone, connectionTypeLabel, lineTags, performanceLabel, relativeTime, shortMessageId, statusBadgeLabel } from './transcript-format';

const line = (messageId: string, speaker: 'agent' | 'lead', isFinal: boolean): TranscriptLine => ({ messageId, speaker, text: 'words', timestamp: 0, confidence: 0.9, isFinal });

describe('transcript format', () => {
  it('says just now, seconds, minutes and hours ago', () => {
    const now = 1_000_000_000;
    expect(relativeTime(now - 4999, now)).toBe('just now');
    expect(relativeTime(now + 3000, now)).toBe('just now');
    expect(relativeTime(now - 5000, now)).toBe('5s ago');
    expect(relativeTime(now - 125_000, now)).toBe('2m ago');
    expect(relativeTime(now - 2 * 3600_000, now)).toBe('2h ago');
  });

  it('colours confidence at 0.9 and 0.7 and keeps 8 characters of the id', () => {
    expect([0.9, 0.89, 0.7, 0.69].map(confidenceTone)).toEqual(['success', 'warning', 'warning', 'destructive']);
    expect(shortMessageId('0123456789abcdef')).toBe('01234567');
  });

  it("tags the newest unfinished line of each speaker 'Live' only while the stream is live", () => {
    const lines = [line('1', 'lead', false), line('2', 'agent', false), line('3', 'lead', false), line('4', 'agent', true)];
    expect(lineTags(lines, true)).toEqual(['Partial', 'Partial', 'Live', 'Final']);
    expect(lineTags(lines, false)).toEqual(['Partial', 'Partial', 'Partial', 'Final']);
  });

  it('labels the status badge, the connection type and the performance', () => {
    expect((['stream', 'polling', 'error', 'connecting', 'inactive'] as const).map((mode) => statusBadgeLabel(mode, 4))).toEqual([
      'Live Stream (4)', 'Database Sync (4)', 'Connection Issue', 'Connecting...', 'Inactive',
    ]);
    expect([connectionTypeLabel('stream'), connectionTypeLabel('polling'), connectionTypeLabel('connecting')]).toEqual(['WebSocket', 'Database Fallback', 'Disconnected']);
    expect([performanceLabel('stream'), performanceLabel('polling')]).toEqual(['Real-time', 'Delayed']);
  });
});
