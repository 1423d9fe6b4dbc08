import { describe, expect, it } from 'vitest';
import { EXIT_REASON_INFO, EXIT_REASONS, exitFor } from './exits';

const stops = { stop_on_reply: true, exit_statuses: ['interested-set-offer', 'closed'] };
const keeps = { stop_on_reply: false, exit_statuses: [] };

describe('exitFor', () => {
  it('ends on a reply, a text in or a call connected, when the sequence stops on replies', () => {
    expect(exitFor({ type: 'text_received', body: 'Who is this?' }, stops)).toBe('replied');
    expect(exitFor({ type: 'call_connected' }, stops)).toBe('replied');
  });

  it('keeps the lead in on a reply when stop_on_reply is false', () => {
    expect(exitFor({ type: 'text_received', body: 'Maybe next month' }, keeps)).toBeNull();
    expect(exitFor({ type: 'call_connected' }, keeps)).toBeNull();
  });

  it('ends with dnc on an opt-out text, whatever the sequence says', () => {
    expect(exitFor({ type: 'text_received', body: 'STOP' }, keeps)).toBe('dnc');
    expect(exitFor({ type: 'text_received', body: 'please take me off your list' }, stops)).toBe('dnc');
    expect(exitFor({ type: 'text_received', body: "I'll stop by tomorrow" }, keeps)).toBeNull();
  });

  it('ends on a Do-Not-Contact listing, an opened deal and a member’s removal, always', () => {
    for (const sequence of [stops, keeps]) {
      expect(exitFor({ type: 'dnc_listed' }, sequence)).toBe('dnc');
      expect(exitFor({ type: 'deal_opened' }, sequence)).toBe('deal_opened');
      expect(exitFor({ type: 'removed' }, sequence)).toBe('removed');
    }
  });

  it('ends on a status change only to a status the sequence names', () => {
    expect(exitFor({ type: 'status_changed', status: 'closed' }, stops)).toBe('status_changed');
    expect(exitFor({ type: 'status_changed', status: 'discovery' }, stops)).toBeNull();
    expect(exitFor({ type: 'status_changed', status: 'closed' }, keeps)).toBeNull();
  });

  it('has a label and a sentence for every reason', () => {
    expect(Object.keys(EXIT_REASON_INFO)).toEqual([...EXIT_REASONS]);
    expect(EXIT_REASON_INFO.replied).toEqual({ label: 'Replied', sentence: 'The lead replied, so the sequence stopped.' });
  });
});
