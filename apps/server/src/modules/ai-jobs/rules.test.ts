import { describe, expect, it } from 'vitest';
import { LEAD_FIELD_NAMES, type Lead } from '@wholesail/domain';
import { motivationSignalsIn, objectionsIn, parseLlmAnalysis, ruleAnalysis } from './analysis';
import { blendScores, motivationOf, parseLlmScore, recordScore } from './scoring';
import { emptyFieldsFrom, lookupAddress } from './enrichment-fields';

const NOW = new Date('2025-06-01T00:00:00Z');
const lead = (fields: Partial<Lead> = {}): Lead =>
  ({ ...Object.fromEntries(LEAD_FIELD_NAMES.map((n) => [n, n === 'badges' ? [] : n === 'dnc_status' ? false : null])), ...fields }) as Lead;

describe('record-based lead score', () => {
  it('starts from the default motivation 5 (50) when the lead has none and nothing else is known', () => {
    const r = recordScore(lead(), [], NOW);
    expect(r.score).toBe(50);
    expect(r.reasons).toEqual(['No recorded motivation: default 5/9 (base 50)']);
  });

  it('adds each distress signal with its points and explains it', () => {
    const r = recordScore(
      lead({
        motivation_score: 3, pre_foreclosure: true, tax_delinquent: true, vacant: true, active_lien: true, out_of_state_owner: true,
        estimated_value: 300000, mortgage_balance: 60000, last_sale_date: '2001-03-01', badges: ['probate', 'vacant', 'divorce', 'tired landlord'],
      }),
      [],
      NOW,
    );
    expect(r.reasons).toEqual([
      'Recorded motivation 3/9 (base 30)',
      'Pre-foreclosure (+15)',
      'Tax delinquent (+12)',
      'Vacant property (+10)',
      'Lien or lis pendens on the property (+8)',
      'Out-of-state owner (+8)',
      'High equity: 80% of value (+10)',
      'Owned for 24 years (+8)',
      'Tagged: Probate (+6)',
      'Tagged: Divorce (+6)',
    ]);
    expect(r.score).toBe(100); // 113, capped
  });

  it('reads an out-of-state owner from the mailing state and long ownership from ownership_length', () => {
    const r = recordScore(lead({ mailing_address_state: 'CA', property_address_state: 'TX', ownership_length: 12 }), [], NOW);
    expect(r.reasons).toEqual(['No recorded motivation: default 5/9 (base 50)', 'Out-of-state owner (+8)', 'Owned for 12 years (+5)']);
    expect(r.score).toBe(63);
  });

  it('counts the last call and what the call notes said, and the do-not-call list', () => {
    const hot = recordScore(lead({ last_call_disposition: 'interested', last_call_summary: 'Owner is behind on payments and needs to sell quickly' }), [], NOW);
    expect(hot.reasons).toEqual([
      'No recorded motivation: default 5/9 (base 50)',
      'Last call: Interested (+15)',
      'Call notes: Wants to sell (+5)',
      'Call notes: Financial distress (+5)',
    ]);
    expect(hot.score).toBe(75);
    const cold = recordScore(lead({ dnc_status: true }), [{ disposition: 'not_interested', notes: 'Not selling, already listed', completed_at: null }], NOW);
    expect(cold.reasons).toEqual(['No recorded motivation: default 5/9 (base 50)', 'Last call: Not Interested (-25)', 'On the do-not-call list (-30)']);
    expect(cold.score).toBe(0);
    const notes = recordScore(lead(), [{ disposition: 'no_answer', notes: "Said he's not interested right now", completed_at: null }], NOW);
    expect(notes.reasons.at(-1)).toBe('Call notes: the owner is not selling (-10)');
  });

  it('maps a score onto motivation out of 9 and its level', () => {
    expect(motivationOf(50)).toEqual({ motivation: 4.5, level: 'Medium' });
    expect(motivationOf(90)).toEqual({ motivation: 8.1, level: 'Very High' });
    expect(motivationOf(20).level).toBe('Low');
  });

  it("reads the model's JSON (fenced or not) and blends it as the mean", () => {
    expect(parseLlmScore('```json\n{"score": 81.6, "reasons": ["Must sell before the auction"]}\n```')).toEqual({ score: 82, reasons: ['Must sell before the auction'] });
    expect(parseLlmScore('{"score": 140}')).toBeNull();
    expect(parseLlmScore('I think 80')).toBeNull();
    const record = recordScore(lead({ pre_foreclosure: true }), [], NOW);
    expect(blendScores(record, { score: 90, reasons: ['Auction date set'] })).toEqual({
      score: 78,
      reasons: ['No recorded motivation: default 5/9 (base 50)', 'Pre-foreclosure (+15)', 'AI model score 90', 'AI: Auction date set'],
    });
  });
});

describe('rule-based conversation analysis', () => {
  it('reads an opt-out as negative with the opt-out as next step', () => {
    expect(ruleAnalysis({ body: 'please stop texting me, not interested', direction: 'inbound' })).toEqual({
      sentiment: 'negative',
      motivation_signals: [],
      objections: [],
      next_step: 'Honor the request: mark the lead do-not-contact and stop all calls and texts.',
    });
  });

  it('reads the texting opt-out keywords and phrasings as opt-outs too', () => {
    for (const body of ['STOP', 'Unsubscribe', 'opt me out', 'stop sending me these']) {
      expect(ruleAnalysis({ body, direction: 'inbound' }).next_step, body).toBe('Honor the request: mark the lead do-not-contact and stop all calls and texts.');
    }
  });

  it('reads "not interested" as negative, not as interest', () => {
    expect(ruleAnalysis({ body: "No thanks, I'm not interested in selling", direction: 'inbound' })).toMatchObject({ sentiment: 'negative', next_step: 'Stop outreach for now and set a follow-up in 90 days.' });
    expect(ruleAnalysis({ body: 'Wrong number, I do not own that house', direction: 'inbound' }).next_step).toMatch(/^Wrong number/);
  });

  it('finds motivation signals in this and earlier inbound messages and picks the next step', () => {
    const earlier = [
      { body: 'We inherited the house after my mom passed away', direction: 'inbound' as const },
      { body: 'Would you consider a cash offer?', direction: 'outbound' as const },
    ];
    expect(ruleAnalysis({ body: 'Yes, what would you pay? It needs a new roof and we need to sell fast', direction: 'inbound' }, earlier)).toEqual({
      sentiment: 'positive',
      motivation_signals: ['Inherited property', 'Wants to sell', 'Property needs repairs', 'Wants a quick sale', 'Asked about an offer'],
      objections: [],
      next_step: 'Call now to discuss price and make a cash offer.',
    });
    expect(ruleAnalysis({ body: 'Who is this?', direction: 'inbound' })).toEqual({ sentiment: 'neutral', motivation_signals: [], objections: ['Distrusts the contact'], next_step: "Answer the lead's question by text and offer a quick call." });
    expect(ruleAnalysis({ body: 'Hi, are you still thinking about selling?', direction: 'outbound' }, earlier)).toEqual({
      sentiment: 'neutral',
      motivation_signals: ['Inherited property'],
      objections: [],
      next_step: 'Wait for a reply; follow up in 2 days if there is none.',
    });
    expect(motivationSignalsIn('Tenants are not paying and I am tired of being a landlord')).toEqual(['Tired landlord']);
  });

  it("names the seller's objections from this and earlier inbound messages", () => {
    const earlier = [{ body: 'That offer is way too low, the house is worth more', direction: 'inbound' as const }];
    expect(ruleAnalysis({ body: 'I need to talk to my wife and think about it', direction: 'inbound' }, earlier).objections).toEqual([
      'Price too low', 'Needs to consult family', 'Wants time to think',
    ]);
    expect(objectionsIn('We already listed it with a realtor')).toEqual(['Working with an agent']);
  });

  it("reads the model's analysis and refuses other shapes", () => {
    expect(parseLlmAnalysis('{"sentiment":"positive","motivation_signals":["Relocating for work"],"next_step":"Call tomorrow."}')).toEqual({
      sentiment: 'positive', motivation_signals: ['Relocating for work'], objections: [], next_step: 'Call tomorrow.',
    });
    expect(parseLlmAnalysis('{"sentiment":"angry","next_step":"x"}')).toBeNull();
  });
});

describe('enrichment values', () => {
  const data = {
    owner_1_name: 'Ann Lee', contact_1_phone1: '5125550100', contact_1_email1: 'ANN@example.com', estimated_value: 350000, property_type: 'Single Family',
    total_bedrooms: 3, total_baths: 2, building_square_feet: 1500.4, year_built: 1987, last_sale_date: '2015-06-01', last_sale_price: 180000,
    mortgage_balance: 120000, tax_delinquent: false, motivation_score: null,
  };

  it('fills only empty fields, each checked by the lead field rule', () => {
    const filled = emptyFieldsFrom(lead({ owner_1_name: 'Existing Owner', estimated_value: 1, property_type: '  ' }), { ...data, contact_1_phone1: '12' });
    expect(filled).toEqual({
      contact_1_email1: 'ann@example.com', property_type: 'Single Family', total_bedrooms: 3, total_baths: 2, building_square_feet: 1500, year_built: 1987,
      last_sale_date: '2015-06-01', last_sale_price: 180000, mortgage_balance: 120000, tax_delinquent: false,
    });
  });

  it('asks about the full address, or composes one from its parts', () => {
    expect(lookupAddress(lead({ property_address_full: '1 A St, Austin, TX 78701' }))).toBe('1 A St, Austin, TX 78701');
    expect(lookupAddress(lead({ property_address: '1 A St', property_address_city: 'Austin', property_address_state: 'TX', property_address_zip: '78701' }))).toBe('1 A St, Austin, TX 78701');
    expect(lookupAddress(lead({ owner_1_name: 'No Address' }))).toBeNull();
  });
});
