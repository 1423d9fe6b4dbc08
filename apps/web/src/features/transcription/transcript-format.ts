/** Texts and colours of the live transcription panel (dialer.md §2 and §9). */
import type { TranscriptionMode, TranscriptLine } from '@wholesail/domain';
import type { Tone } from '@/lib/tone';

/** dialer.md §9: 0.9 or above success, 0.7 or above warning, else destructive. */
export function confidenceTone(confidence: number): Tone {
  if (confidence >= 0.9) return 'success';
  if (confidence >= 0.7) return 'warning';
  return 'destructive';
}

export const CONFIDENCE_CLASS: Record<Tone, string> = {
  success: 'text-success',
  warning: 'text-warning',
  destructive: 'text-destructive',
};

export function confidencePercent(confidence: number): string {
  return `${Math.round(confidence * 100)}%`;
}

/** 'just now' under 5 s, then '12s ago', '2m ago', '1h ago'. */
export function relativeTime(timestamp: number, now: number): string {
  const seconds = Math.floor((now - timestamp) / 1000);
  if (!Number.isFinite(seconds) || seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`;
  return `${Math.floor(seconds / 3600)}h ago`;
}

export function shortMessageId(messageId: string): string {
  return messageId.slice(0, 8);
}

export type LineTag = 'Live' | 'Partial' | 'Final';

/** The newest line of a speaker that is not final yet is 'Live' while the stream is live; other unfinished lines are 'Partial'. */
export function lineTags(lines: readonly TranscriptLine[], streamLive: boolean): LineTag[] {
  const newest = new Map<string, number>();
  lines.forEach((line, index) => newest.set(line.speaker, index));
  return lines.map((line, index) => (line.isFinal ? 'Final' : streamLive && newest.get(line.speaker) === index ? 'Live' : 'Partial'));
}

export function statusBadgeLabel(mode: TranscriptionMode, count: number): string {
  switch (mode) {
    case 'stream':
      return `Live Stream (${count})`;
    case 'polling':
      return `Database Sync (${count})`;
    case 'error':
      return 'Connection Issue';
    case 'connecting':
      return 'Connecting...';
    case 'inactive':
      return 'Inactive';
  }
}

/** Debug panel: connection type and performance. */
export function connectionTypeLabel(mode: TranscriptionMode): 'WebSocket' | 'Database Fallback' | 'Disconnected' {
  if (mode === 'stream') return 'WebSocket';
  if (mode === 'polling' || mode === 'error') return 'Database Fallback';
  return 'Disconnected';
}

export function performanceLabel(mode: TranscriptionMode): 'Real-time' | 'Delayed' {
  return mode === 'stream' ? 'Real-time' : 'Delayed';
}
