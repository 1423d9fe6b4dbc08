import { describe, expect, it } from 'vitest';
import { ageText, feedWhat, isFuture } from './feed-words';
import { feedItem, RULE_ID } from './test-fixtures';

describe('the orchestrator’s words', () => {
  it('names a step by its kind, its place and its sequence, a rule run by its rule and trigger, an AI job by its kind', () => {
    expect(feedWhat(feedItem({ kind: 'call_task', step_index: 0 }))).toBe('Call task · step 1 of 3 in ‘New lead follow-up’');
    expect(feedWhat(feedItem({ source: 'rule', kind: 'calls_unanswered', sequence: null, step_index: null, rule: { id: RULE_ID, name: 'No answer' } }))).toBe('Rule ‘No answer’ · Calls go unanswered');
    expect(feedWhat(feedItem({ source: 'ai', kind: 'enrich', sequence: null, step_index: null }))).toBe('Enrichment');
    expect(feedWhat(feedItem({ source: 'ai', kind: 'analyze', sequence: null, step_index: null }))).toBe('Conversation analysis');
  });

  it('says a wait in its largest whole unit', () => {
    expect(ageText(1)).toBe('1 second');
    expect(ageText(59)).toBe('59 seconds');
    expect(ageText(125)).toBe('2 minutes');
    expect(ageText(3600)).toBe('1 hour');
    expect(ageText(3 * 86_400 + 5)).toBe('3 days');
  });

  it('knows which outcomes are still to come', () => {
    expect(['due', 'moved', 'queued', 'retrying'].every((o) => isFuture(o as never))).toBe(true);
    expect(['done', 'skipped', 'failed', 'applied', 'running'].some((o) => isFuture(o as never))).toBe(false);
  });
});
