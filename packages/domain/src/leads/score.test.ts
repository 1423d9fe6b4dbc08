import { describe, expect, it } from 'vitest';
import { compareByScore, compositeScore, type ScoreInput } from './score';

const NOW = new Date('2026-06-15T12:00:00Z');
const DAY = 86_400_000;
const blank: ScoreInput = {
  motivation_score: null, estimated_value: null, equity_amount: null, tax_delinquent: null, out_of_state_owner: null,
  pre_foreclosure: null, vacant: null, phone: null, email: null, contact_1_phone1: null, contact_1_email1: null,
  last_contacted_at: null, status: null,
};
const score = (over: Partial<ScoreInput>) => compositeScore({ ...blank, ...over }, NOW).score;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

describe('composite lead score (platform.md §9)', () => {
  it.each([
    ['nothing known', {}, 0],
    ['motivation × 10', { motivation_score: 7 }, 70],
    ['value exactly 500000 is not over 500000', { estimated_value: 500000 }, 10],
    ['value over 500000', { estimated_value: 500001 }, 15],
    ['value exactly 300000', { estimated_value: 300000 }, 5],
    ['value over 300000', { estimated_value: 300001 }, 10],
    ['value exactly 150000', { estimated_value: 150000 }, 0],
    ['value over 150000', { estimated_value: 150001 }, 5],
    ['equity exactly 150000', { equity_amount: 150000 }, 15],
    ['equity over 150000', { equity_amount: 150001 }, 20],
    ['equity over 100000', { equity_amount: 100001 }, 15],
    ['equity over 50000', { equity_amount: 50001 }, 10],
    ['equity over 25000', { equity_amount: 25001 }, 5],
    ['equity exactly 25000', { equity_amount: 25000 }, 0],
    ['tax delinquent', { tax_delinquent: true }, 12],
    ['out-of-state owner', { out_of_state_owner: true }, 8],
    ['pre-foreclosure', { pre_foreclosure: true }, 15],
    ['vacant', { vacant: true }, 10],
    ['phone and email', { phone: '5125550100', contact_1_email1: 'a@b.co' }, 10],
    ['phone only (contact_1_phone1)', { contact_1_phone1: '5125550100' }, 5],
    ['email only', { email: 'a@b.co' }, 5],
    ['blank phone does not count', { phone: '  ' }, 0],
    ['contacted 6.9 days ago', { last_contacted_at: ago(6.9) }, 10],
    ['contacted exactly 7 days ago', { last_contacted_at: ago(7) }, 5],
    ['contacted 29.9 days ago', { last_contacted_at: ago(29.9) }, 5],
    ['contacted exactly 30 days ago', { last_contacted_at: ago(30) }, 0],
    ['status interested-set-offer', { status: 'interested-set-offer' }, 15],
    ['status discovery', { status: 'discovery' }, 15],
    ['status new-untouched', { status: 'new-untouched' }, 15],
    ['status interested-add-followup', { status: 'interested-add-followup' }, 10],
    ['status add-to-followup', { status: 'add-to-followup' }, 10],
    ['status new', { status: 'new' }, 8],
    ['status deleted', { status: 'deleted' }, 0],
  ] as const)('%s', (_name, over, expected) => {
    expect(score(over as Partial<ScoreInput>)).toBe(expected);
  });

  it('adds every term and explains each one', () => {
    const result = compositeScore(
      { ...blank, motivation_score: 9, estimated_value: 600000, equity_amount: 200000, tax_delinquent: true, out_of_state_owner: true, pre_foreclosure: true, vacant: true, phone: '5125550100', email: 'a@b.co', last_contacted_at: ago(1), status: 'discovery' },
      NOW,
    );
    expect(result.score).toBe(90 + 15 + 20 + 12 + 8 + 15 + 10 + 10 + 10 + 15);
    expect(result.breakdown.map((t) => t.term)).toEqual([
      'motivation', 'estimated_value', 'equity', 'tax_delinquent', 'out_of_state_owner', 'pre_foreclosure', 'vacant', 'contact_info', 'status', 'recent_contact',
    ]);
    expect(result.breakdown.reduce((s, t) => s + t.points, 0)).toBe(result.score);
  });

  it('never goes below 0 and breaks ties toward the newer lead', () => {
    expect(score({ motivation_score: -3 })).toBe(0);
    const older = { score: 50, created_at: '2026-01-01T00:00:00Z' };
    const newer = { score: 50, created_at: '2026-02-01T00:00:00Z' };
    expect([older, newer].sort(compareByScore)).toEqual([newer, older]);
    expect([newer, { score: 51, created_at: '2020-01-01T00:00:00Z' }].sort(compareByScore)[0]!.score).toBe(51);
  });
});
