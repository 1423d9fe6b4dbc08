import { describe, expect, it } from 'vitest';
import { instantSuggestions, TEST_SCENARIOS, type TestScenario } from './patterns';
import type { CoachingLeadContext } from './types';

const lead: CoachingLeadContext = {
  id: '00000000-0000-4000-8000-000000000001', owner_name: 'Pat Seller', property_address: '12 Oak St, Austin, TX',
  estimated_value: 320_000, equity_amount: 185_000, motivation_score: 7, status: 'new', badges: [], property_type: 'Single Family',
  is_out_of_state_owner: false, is_vacant: true, is_tenant_occupied: false, notes: null,
};

const kinds = (text: string) => instantSuggestions(text).map((s) => s.confidence);

describe('instantSuggestions', () => {
  it.each(['price', 'low', 'worth', 'offer', 'PRICE', 'Offer', 'Low'])('the price word %s gives a high-priority response script at 0.9', (word) => {
    const [s, ...rest] = instantSuggestions(`Well, ${word}?`);
    expect(rest).toEqual([]);
    expect(s).toMatchObject({ type: 'response_script', priority: 'high', confidence: 0.9 });
    expect(s!.text.length).toBeGreaterThan(40);
    expect(s!.rationale).toMatch(/price/);
  });

  it.each(['time', 'rush', 'when', 'timeline', 'WHEN', 'Timeline'])('the timing word %s gives a script at 0.85 quoting a 7-14 days close', (word) => {
    const [s, ...rest] = instantSuggestions(`So ${word}?`);
    expect(rest).toEqual([]);
    expect(s).toMatchObject({ type: 'response_script', confidence: 0.85 });
    expect(s!.text).toContain('7-14 days');
    expect(s!.rationale).toMatch(/timing/);
  });

  it.each(['Can I trust you?', 'Is this legit?', 'This sounds like a scam.', 'Who are you people?', 'How do I know you will pay?', 'Do you have reviews?', 'Sounds too good to be true'])(
    'a trust scenario (%s) gives a trust-building response script',
    (line) => {
      const found = instantSuggestions(line);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ type: 'response_script', priority: 'high' });
      expect(found[0]!.text).toMatch(/title company/);
      expect(found[0]!.rationale).toMatch(/trust/);
    },
  );

  it('matches whole words only, and nothing in unrelated talk', () => {
    for (const line of ['The flower bed is lovely', 'We had a slow year', 'Sometimes my offerings vary', 'Priceless views', 'Whenever works', 'It is a timely question', 'Trusted neighbours', 'Hello, yes this is Pat.', 'The roof is old and the kitchen needs work.', '']) {
      expect(kinds(line), line).toEqual([]);
    }
  });

  it('gives price, timing and trust in that order when one line has all three', () => {
    expect(kinds("What's your offer and when can you close? How do I know it's legit?")).toEqual([0.9, 0.85, 0.85]);
  });

  it("anchors the price script on the lead's equity and vacancy when known", () => {
    const [s] = instantSuggestions('That price is too low', lead);
    expect(s!.text).toContain('$185,000');
    expect(s!.text).toContain('12 Oak St, Austin, TX');
    expect(s!.text).toMatch(/empty house/);
    const [plain] = instantSuggestions('That price is too low', { ...lead, equity_amount: null, is_vacant: false });
    expect(plain!.text).not.toMatch(/\$/);
    expect(plain!.text).toMatch(/as-is/);
  });

  it('has a sample line for each debug test button that triggers exactly its scenario', () => {
    const expected: Record<TestScenario, RegExp> = { price: /price has to work/, timing: /7-14 days/, trust: /title company/ };
    for (const [scenario, line] of Object.entries(TEST_SCENARIOS) as Array<[TestScenario, string]>) {
      const found = instantSuggestions(line);
      expect(found, scenario).toHaveLength(1);
      expect(found[0]!.text).toMatch(expected[scenario]);
    }
  });
});
