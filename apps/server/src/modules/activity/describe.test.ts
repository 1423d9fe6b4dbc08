import { describe as suite, expect, it } from 'vitest';
import { describe } from './describe';

const summary = (action: string, details: Record<string, unknown> = {}) => describe(action, details).summary;

suite('activity sentences', () => {
  it('tells edits by field, and a status change first with its labels', () => {
    expect(summary('lead.updated', { fields: ['notes'] })).toBe('Edited notes');
    expect(summary('lead.updated', { fields: ['status', 'owner_1_name'], status: { from: 'new', to: 'discovery' } })).toBe('Changed status from New to Discovery and edited owner 1 name');
    expect(describe('lead.updated', { fields: ['status'], status: { from: 'new', to: 'discovery' } }).kind).toBe('status');
    expect(summary('lead.updated', { fields: ['a', 'b', 'c', 'd', 'e', 'f'] })).toBe('Edited a, b, c, d and 2 more');
  });

  it('tells the results of jobs: an enrichment with the fields it filled, or that it found nothing new', () => {
    expect(describe('lead.enriched', { fields: ['estimated_value', 'year_built'] })).toMatchObject({ kind: 'ai', summary: 'Enriched with property data: estimated value, year built' });
    expect(summary('lead.enriched', { fields: [] })).toBe('Enriched with property data: nothing new found');
    expect(summary('lead.ai_scored', { score: 81, source: 'rules+llm', reasons: ['Vacant', 'High equity', 'Tax delinquent'] })).toBe('AI score 81 (record and AI model): Vacant, High equity and 1 more');
  });

  it('tells Do Not Call changes, imports, refused and failed texts, and a bulk update', () => {
    expect(summary('lead.dnc_marked', { via: 'call_outcome', call_id: 'c1' })).toBe('Marked Do Not Call after a call');
    expect(describe('lead.dnc_marked', { via: 'call_outcome', call_id: 'c1' }).call_id).toBe('c1');
    expect(summary('lead.dnc_cleared', { numbers: ['+15125550100'], via: 'dnc_list' })).toBe('Do Not Call cleared from the Do Not Call list: +15125550100 taken off the list');
    expect(summary('lead.dnc_cleared', { numbers: ['+15125550100'] })).toBe('Do Not Call cleared: +15125550100 taken off the list');
    expect(summary('lead.imported', { filename: 'june.csv', created: false })).toBe('Updated by the import of june.csv');
    expect(summary('sms.refused', { reason: 'Outside calling hours' })).toBe('Text not sent: Outside calling hours');
    expect(summary('sms.sent', { status: 'failed', error: 'Carrier rejected' })).toBe('Text failed: Carrier rejected');
    expect(summary('lead.bulk_updated', { status: 'discovery', add_tags: [], remove_tags: ['vacant'] })).toBe('Set status to Discovery, removed tags vacant (bulk update)');
  });

  it('still reads an action it does not know', () => {
    expect(describe('deal.offer_sent', {})).toEqual({ kind: 'other', summary: 'deal offer sent', call_id: null, conversation_id: null });
  });
});
