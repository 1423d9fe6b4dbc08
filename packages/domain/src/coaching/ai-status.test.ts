import { describe, expect, it } from 'vitest';
import { aiAreaMode, aiAreaStatusText } from './types';

describe('what an AI area really runs', () => {
  const none = { llm: false, enrichment: false };
  const all = { llm: true, enrichment: true };
  it('is off when switched off, built in without a model, nothing for enrichment without BatchData', () => {
    expect(aiAreaMode('coaching', false, all)).toBe('off');
    expect(aiAreaMode('coaching', true, none)).toBe('built_in');
    expect(aiAreaMode('scoring', true, none)).toBe('built_in');
    expect(aiAreaMode('enrichment', true, { llm: true, enrichment: false })).toBe('not_configured');
    expect(aiAreaMode('enrichment', true, all)).toBe('full');
    expect(aiAreaMode('analysis', true, all)).toBe('full');
  });
  it('says it in words', () => {
    expect(aiAreaStatusText('coaching', 'active', 'built_in')).toBe('Active — instant patterns only');
    expect(aiAreaStatusText('scoring', 'active', 'built_in')).toBe('Active — built-in rules only');
    expect(aiAreaStatusText('enrichment', 'inactive', 'not_configured')).toBe('Not configured');
    expect(aiAreaStatusText('analysis', 'inactive', 'off')).toBe('Off');
    expect(aiAreaStatusText('analysis', 'error', 'full')).toBe('Error');
    expect(aiAreaStatusText('analysis', 'active', 'full')).toBe('Active');
  });
});
