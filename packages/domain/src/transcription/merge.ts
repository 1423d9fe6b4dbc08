import type { Speaker, TranscriptionRecord } from './rules';

/** Identical text from the same speaker within this window is a duplicate. */
export const DUPLICATE_WINDOW_MS = 2000;
/** Transcript lines kept on screen. */
export const DISPLAYED_TRANSCRIPT_LIMIT = 50;

/** A transcript chunk as the UI shows it (dialer.md §3). */
export interface TranscriptLine {
  messageId: string;
  speaker: Speaker;
  text: string;
  timestamp: number;
  confidence: number;
  isFinal: boolean;
}

const normal = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Builds the displayed transcript from records in arrival order (dialer.md §5): an interim piece that the
 * next piece of the same speaker repeats or contains (or is contained in) is replaced by it, identical text
 * from the same speaker within 2 s is dropped, and only the latest `limit` lines are kept.
 */
export function mergeTranscript(records: readonly TranscriptionRecord[], limit = DISPLAYED_TRANSCRIPT_LIMIT): TranscriptLine[] {
  const lines: TranscriptLine[] = [];
  const lastBySpeaker = new Map<Speaker, number>();
  for (const record of records) {
    const line: TranscriptLine = {
      messageId: record.id, speaker: record.speaker, text: record.transcript.trim(), timestamp: Date.parse(record.timestamp),
      confidence: record.confidence, isFinal: !record.is_partial,
    };
    const text = normal(line.text);
    const index = lastBySpeaker.get(line.speaker);
    const previous = index === undefined ? undefined : lines[index];
    if (previous && index !== undefined) {
      const before = normal(previous.text);
      if (!previous.isFinal && (text.includes(before) || before.includes(text))) {
        lines[index] = line;
        continue;
      }
      if (before === text && Math.abs(line.timestamp - previous.timestamp) <= DUPLICATE_WINDOW_MS) continue;
    }
    lastBySpeaker.set(line.speaker, lines.length);
    lines.push(line);
  }
  return lines.slice(-limit);
}
