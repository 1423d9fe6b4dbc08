import { describe, expect, it } from 'vitest';
import {
  AI_HEALTH_CHECK_MS, COACHING_CACHE_MS, COACHING_CONVERSATION_LIMIT, COACHING_DEBOUNCE_MS, COACHING_MESSAGES_KEPT, RESPONSE_SCRIPT_CACHE_MS,
  duplicateHash, leadIntelligence, suggestionColour, triggersCoaching, withoutDuplicateSuggestions,
} from './coaching-rules';
import type { CoachingLeadContext } from './types';

const context = (over: Partial<CoachingLeadContext> = {}): CoachingLeadContext => ({
  id: 'l1', owner_name: null, property_address: null, estimated_value: null, equity_amount: null, motivation_score: null, status: null,
  badges: [], property_type: null, is_out_of_state_owner: false, is_vacant: false, is_tenant_occupied: false, notes: null, ...over,
});

describe('coaching constants', () => {
  it('are the spec values', () => {
    expect([COACHING_CACHE_MS, COACHING_DEBOUNCE_MS, RESPONSE_SCRIPT_CACHE_MS, COACHING_MESSAGES_KEPT, COACHING_CONVERSATION_LIMIT, AI_HEALTH_CHECK_MS]).toEqual([
      60_000, 800, 15_000, 15, 20, 300_000,
    ]);
  });
});

describe('triggersCoaching', () => {
  it('only final, non-empty pieces from the lead or prospect trigger coaching', () => {
    expect(triggersCoaching({ speaker: 'lead', text: 'What would you offer?', isFinal: true })).toBe(true);
    expect(triggersCoaching({ speaker: 'prospect', text: 'Maybe', isFinal: true })).toBe(true);
    expect(triggersCoaching({ speaker: 'lead', text: 'What would', isFinal: false })).toBe(false);
    expect(triggersCoaching({ speaker: 'agent', text: 'We can close fast', isFinal: true })).toBe(false);
    expect(triggersCoaching({ speaker: 'lead', text: '   ', isFinal: true })).toBe(false);
  });
});

describe('duplicate hashing', () => {
  it('hashes suggestions of 10+ characters and transcripts of 3+, ignoring case and spacing', () => {
    expect(duplicateHash('Ask for a date', 'suggestion')).toBe(duplicateHash('  ask for   a DATE ', 'suggestion'));
    expect(duplicateHash('Ask for a date', 'suggestion')).not.toBe(duplicateHash('Ask for a price', 'suggestion'));
    expect(duplicateHash('Short one', 'suggestion')).toBeNull();
    expect(duplicateHash('Ten chars!', 'suggestion')).not.toBeNull();
    expect(duplicateHash('ok', 'transcript')).toBeNull();
    expect(duplicateHash('yes', 'transcript')).toMatch(/^[0-9a-f]{8}$/);
  });

  it('drops repeated suggestions but keeps ones too short to hash', () => {
    const items = [{ text: 'Offer a 7-14 day close' }, { text: 'offer a 7-14 day CLOSE' }, { text: 'Smile' }, { text: 'Smile' }, { text: 'Anchor on equity' }];
    expect(withoutDuplicateSuggestions(items).map((i) => i.text)).toEqual(['Offer a 7-14 day close', 'Smile', 'Smile', 'Anchor on equity']);
  });
});

describe('suggestionColour', () => {
  it('is green at 0.8+, amber at 0.6+, red below', () => {
    expect([0.95, 0.8, 0.79, 0.6, 0.59, 0].map(suggestionColour)).toEqual(['green', 'green', 'amber', 'amber', 'red', 'red']);
  });
});

describe('leadIntelligence', () => {
  it('gives segment by value, motivation level out of 9 and equity', () => {
    expect(leadIntelligence(context({ estimated_value: 1_000_000, motivation_score: 8, equity_amount: 400_000 }))).toEqual({
      equity: 400_000, market_segment: 'luxury', motivation_level: 'Very High', distress_signals: [],
    });
    expect(leadIntelligence(context({ estimated_value: 500_000, motivation_score: 6 }))).toMatchObject({ market_segment: 'high_value', motivation_level: 'High', equity: null });
    expect(leadIntelligence(context({ estimated_value: 200_000, motivation_score: 4 }))).toMatchObject({ market_segment: 'mid_market', motivation_level: 'Medium' });
    expect(leadIntelligence(context({ estimated_value: 199_999, motivation_score: 3 }))).toMatchObject({ market_segment: 'affordable', motivation_level: 'Low' });
  });

  it('assumes motivation 5 (Medium) when the lead has none', () => {
    expect(leadIntelligence(context()).motivation_level).toBe('Medium');
  });

  it('lists distress signals from record flags, lead flags and distress tags, each once', () => {
    const signals = leadIntelligence(
      context({ is_vacant: true, is_out_of_state_owner: true, badges: ['vacant', 'pre-foreclosure', 'tax-default', 'high-equity', 'probate'] }),
      { pre_foreclosure: true, tax_delinquent: true },
    ).distress_signals;
    expect(signals).toEqual(['Pre-foreclosure', 'Tax delinquent', 'Vacant property', 'Out-of-state owner', 'Probate']);
  });
});
