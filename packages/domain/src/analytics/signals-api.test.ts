import { describe, expect, it } from 'vitest';
import { motivationLabel } from '../leads/display';
import {
  apportion,
  fixedWeight,
  lift,
  NO_COUNTS,
  SIGNAL_MIN_SAMPLE,
  signalFigures,
  signalLeadsQuery,
  suggestedWeights,
  WEIGHT_MIN_OUTCOMES,
  type SignalCounts,
} from './signals-api';
import { leadOutcomes, leadSignalKeys, MOTIVATION_BANDS, signalKeyInfo, type SignalLead } from './signals-keys';

const lead = (patch: Partial<SignalLead> = {}): SignalLead => ({
  status: 'new', last_contacted_at: null, tax_delinquent: null, pre_foreclosure: null, vacant: null, vacancy_flag: null, out_of_state_owner: null,
  equity_amount: null, motivation_score: null, property_type: null, ownership_length: null, badges: [], ...patch,
});

describe('signal keys', () => {
  it('puts a bare lead under all, no list, no signal and the unknown bands', () => {
    expect(leadSignalKeys(lead(), 0)).toEqual([
      'all', 'lists:0', 'signals:0', 'equity:unknown', 'motivation:unknown', 'property_type:unknown', 'years_owned:unknown',
    ]);
  });

  it('counts each distress flag, vacancy from either column, and how many at once', () => {
    const keys = leadSignalKeys(lead({ tax_delinquent: true, vacancy_flag: true, vacant: false, out_of_state_owner: false, badges: ['absentee', 'absentee', 'probate'] }), 2);
    expect(keys).toEqual([
      'all', 'lists:2', 'signals:2', 'tax_delinquent', 'vacant', 'equity:unknown', 'motivation:unknown', 'property_type:unknown', 'years_owned:unknown', 'tag:absentee', 'tag:probate',
    ]);
  });

  it('bands equity by the score tiers (strictly over), motivation by the list labels, years owned from the bottom of each band', () => {
    const band = (patch: Partial<SignalLead>, prefix: string) => leadSignalKeys(lead(patch), 0).find((k) => k.startsWith(prefix));
    expect([150_001, 150_000, 100_001, 50_000.5, 25_000, -10, 0].map((e) => band({ equity_amount: e }, 'equity:'))).toEqual([
      'equity:150000', 'equity:100000', 'equity:100000', 'equity:50000', 'equity:0', 'equity:0', 'equity:0',
    ]);
    expect([9, 8, 7.9, 6, 4, 3.99, 0].map((m) => band({ motivation_score: m }, 'motivation:'))).toEqual([
      'motivation:very_high', 'motivation:very_high', 'motivation:high', 'motivation:high', 'motivation:medium', 'motivation:low', 'motivation:low',
    ]);
    expect([0, 1.9, 2, 4.99, 5, 10, 19.9, 20, 45, -1].map((y) => band({ ownership_length: y }, 'years_owned:'))).toEqual([
      'years_owned:0', 'years_owned:0', 'years_owned:2', 'years_owned:2', 'years_owned:5', 'years_owned:10', 'years_owned:10', 'years_owned:20', 'years_owned:20', 'years_owned:0',
    ]);
    expect(band({ property_type: '  Single   FAMILY ' }, 'property_type:')).toBe('property_type:single family');
    expect(band({ property_type: '   ' }, 'property_type:')).toBe('property_type:unknown');
  });

  it('keeps the motivation bands the same as the list labels', () => {
    const words: Record<string, number> = { very_high: 8, high: 6, medium: 4, low: 0 };
    for (const b of MOTIVATION_BANDS) expect(motivationLabel(words[b.key]!)).toBe(b.label);
  });

  it('names every key a lead can have, and refuses what no lead could be counted under', () => {
    expect(signalKeyInfo('equity:100000')).toEqual({ kind: 'equity', label: 'Equity over $100,000 up to $150,000' });
    expect(signalKeyInfo('equity:150000')!.label).toBe('Equity over $150,000');
    expect(signalKeyInfo('equity:0')!.label).toBe('Equity $25,000 or less');
    expect(signalKeyInfo('years_owned:2')!.label).toBe('Owned 2 to under 5 years');
    expect(signalKeyInfo('property_type:single family')).toEqual({ kind: 'property_type', label: 'Single family' });
    expect(signalKeyInfo('tag:probate')).toEqual({ kind: 'tag', label: 'probate' });
    expect(signalKeyInfo('signals:3')!.label).toBe('3 distress signals at once');
    expect(signalKeyInfo('lists:0')!.label).toBe('On no imported list');
    for (const bad of ['', 'tax', 'equity:1', 'signals:5', 'signals:01', 'lists:-1', 'lists:1.5', 'tag:', `tag:${'x'.repeat(61)}`, 'constructor:x', 'toString:a']) {
      expect(signalKeyInfo(bad), bad).toBeNull();
    }
    const sample = lead({ tax_delinquent: true, pre_foreclosure: true, equity_amount: 70_000, motivation_score: 5, property_type: 'Condo', ownership_length: 12, badges: ['hot'] });
    for (const key of leadSignalKeys(sample, 3)) expect(signalKeyInfo(key), key).not.toBeNull();
  });

  it('reads contacted from the contact date, offered and contracted from the status', () => {
    expect(leadOutcomes(lead({ status: 'discovery', last_contacted_at: '2026-01-01T00:00:00Z' }))).toEqual({ contacted: true, offered: false, contracted: false });
    expect(leadOutcomes(lead({ status: 'interested-set-offer' }))).toEqual({ contacted: false, offered: true, contracted: false });
    expect(leadOutcomes(lead({ status: 'closed' }))).toEqual({ contacted: false, offered: true, contracted: true });
  });
});

describe('signal figures', () => {
  const all: SignalCounts = { leads: 200, contacted: 100, offered: 20, contracted: 10 };

  it('gives rates with their counts and the lift against all leads', () => {
    // 0.15 ÷ 0.05 is 3 up to floating point: written as the division the figures make.
    expect(signalFigures({ leads: 40, contacted: 30, offered: 8, contracted: 6 }, all)).toEqual({
      leads: 40, contacted: 30, contact_rate: 0.75, offered: 8, offer_rate: 0.2, contracted: 6, contract_rate: 0.15,
      lift_contact: 1.5, lift_offer: 2, lift_contract: 0.15 / 0.05, enough: true,
    });
  });

  it('says too few below the minimum sample, and has no rate or lift of nothing', () => {
    expect(signalFigures({ ...NO_COUNTS, leads: SIGNAL_MIN_SAMPLE - 1 }, all).enough).toBe(false);
    expect(signalFigures({ ...NO_COUNTS, leads: SIGNAL_MIN_SAMPLE }, all).enough).toBe(true);
    const none = signalFigures(NO_COUNTS, NO_COUNTS);
    expect([none.contact_rate, none.lift_contact, none.lift_contract]).toEqual([null, null, null]);
    expect(lift(0.5, 0)).toBeNull();
    expect(lift(0, 0.25)).toBe(0);
  });
});

describe('weights', () => {
  it('reads the fixed weights from the composite score', () => {
    expect(['tax_delinquent', 'pre_foreclosure', 'vacant', 'out_of_state_owner', 'equity:150000', 'equity:25000'].map(fixedWeight)).toEqual([12, 15, 10, 8, 20, 5]);
    expect([fixedWeight('equity:100000'), fixedWeight('equity:50000')]).toEqual([15, 10]);
  });

  it('shares whole points in proportion, adding up exactly', () => {
    expect(apportion([1, 1, 1], 10)).toEqual([4, 3, 3]);
    expect(apportion([0.5, 0.25, 0], 30)).toEqual([20, 10, 0]);
    expect(apportion([0, 0], 12)).toEqual([0, 0]);
  });

  it('shares the judged signals’ fixed points by lift above 1, in contract rate once there are enough contracts', () => {
    const all: SignalCounts = { leads: 400, contacted: 200, offered: 40, contracted: 20 };
    const counts: Record<string, SignalCounts> = {
      tax_delinquent: { leads: 100, contacted: 60, offered: 20, contracted: 10 }, // contract rate 0.1 = 2× all (0.05)
      pre_foreclosure: { leads: 50, contacted: 25, offered: 5, contracted: 5 }, // 0.1: 2×
      vacant: { leads: 60, contacted: 30, offered: 3, contracted: 2 }, // 0.0333: below all, suggests 0
      out_of_state_owner: { leads: 10, contacted: 5, offered: 5, contracted: 5 }, // too few to tell
      'equity:150000': { leads: 40, contacted: 20, offered: 8, contracted: 4 }, // 0.1: 2×
    };
    const w = suggestedWeights((k) => counts[k] ?? NO_COUNTS, all);
    expect(w.basis).toBe('contract');
    const by = Object.fromEntries(w.items.map((i) => [i.key, i]));
    // Judged: tax 12, pre-foreclosure 15, vacant 10, equity over $150,000 20 = 57 points, shared 1 : 1 : 0 : 1.
    expect([by.tax_delinquent!.suggested, by.pre_foreclosure!.suggested, by.vacant!.suggested, by['equity:150000']!.suggested]).toEqual([19, 19, 0, 19]);
    expect(by.out_of_state_owner).toMatchObject({ suggested: null, lift: null, enough: false, fixed: 8 });
    expect(by['equity:100000']).toMatchObject({ suggested: null, leads: 0 });
    expect(by.vacant!.lift).toBeCloseTo(2 / 60 / 0.05, 10);
  });

  it('falls back to offers, then suggests nothing, when the team has too few outcomes', () => {
    const signal = { leads: 40, contacted: 20, offered: 6, contracted: 1 };
    const offers = suggestedWeights((k) => (k === 'vacant' ? signal : NO_COUNTS), { leads: 100, contacted: 50, offered: WEIGHT_MIN_OUTCOMES + 1, contracted: 1 });
    expect(offers.basis).toBe('offer');
    expect(offers.items.find((i) => i.key === 'vacant')).toMatchObject({ suggested: 10, lift: 2.5 });
    const none = suggestedWeights(() => signal, { leads: 100, contacted: 50, offered: WEIGHT_MIN_OUTCOMES - 1, contracted: 0 });
    expect(none.basis).toBeNull();
    expect(none.items.every((i) => i.suggested === null)).toBe(true);
  });
});

describe('the leads behind a number', () => {
  const messages = (q: Record<string, string>) => {
    const r = signalLeadsQuery.safeParse(q);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it('names the field of a bad query', () => {
    expect(messages({ key: 'nonsense' })).toEqual(['key: expected a signal key such as tax_delinquent, equity:50000 or tag:vacant']);
    expect(messages({})).toEqual(['key: expected a signal key such as tax_delinquent, equity:50000 or tag:vacant']);
    expect(messages({ key: 'vacant', measure: 'calls' })).toEqual(['measure: expected one of leads, contacted, offered, contracted']);
    expect(messages({ key: 'vacant', limit: '0', offset: '-1' })).toEqual(['limit: expected a number from 1 to 200', 'offset: expected 0 or more']);
    expect(signalLeadsQuery.parse({ key: 'tag:hot' })).toEqual({ key: 'tag:hot', measure: 'leads', limit: 50, offset: 0 });
  });
});
