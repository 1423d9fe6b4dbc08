/** The composite lead score of platform.md §9: the one rule, used by the server and the browser. */

export interface ScoreInput {
  motivation_score: number | null;
  estimated_value: number | null;
  equity_amount: number | null;
  tax_delinquent: boolean | null;
  out_of_state_owner: boolean | null;
  pre_foreclosure: boolean | null;
  vacant: boolean | null;
  phone: string | null;
  email: string | null;
  contact_1_phone1: string | null;
  contact_1_email1: string | null;
  last_contacted_at: string | Date | null;
  status: string | null;
}

export interface ScoreTerm {
  term: string;
  label: string;
  points: number;
}

const DAY_MS = 86_400_000;

/** Recency bonus: contacted under 7 days ago +10, under 30 days +5. Also used by the top-10 query. */
export const CONTACT_RECENCY_TIERS = [
  { days: 7, points: 10 },
  { days: 30, points: 5 },
] as const;

const VALUE_TIERS = [
  { over: 500_000, points: 15 },
  { over: 300_000, points: 10 },
  { over: 150_000, points: 5 },
] as const;

/** Equity tiers of the score (platform.md §9); the signals analytics band equity by them too. */
export const EQUITY_TIERS = [
  { over: 150_000, points: 20 },
  { over: 100_000, points: 15 },
  { over: 50_000, points: 10 },
  { over: 25_000, points: 5 },
] as const;

const STATUS_POINTS: Readonly<Record<string, number>> = {
  'interested-set-offer': 15,
  discovery: 15,
  'new-untouched': 15,
  'interested-add-followup': 10,
  'add-to-followup': 10,
  new: 8,
};

const usd = (n: number) => `$${n.toLocaleString('en-US')}`;
const present = (s: string | null | undefined) => s !== null && s !== undefined && s.trim() !== '';

/** Every term except contact recency: it does not change with time, so the database stores it. */
export function baseScoreTerms(lead: ScoreInput): ScoreTerm[] {
  const terms: ScoreTerm[] = [];
  const add = (term: string, label: string, points: number) => {
    if (points !== 0) terms.push({ term, label, points });
  };
  if (lead.motivation_score !== null) {
    add('motivation', `Motivation ${lead.motivation_score} × 10`, lead.motivation_score * 10);
  }
  const value = VALUE_TIERS.find((t) => (lead.estimated_value ?? 0) > t.over);
  if (value) add('estimated_value', `Estimated value over ${usd(value.over)}`, value.points);
  const equity = EQUITY_TIERS.find((t) => (lead.equity_amount ?? 0) > t.over);
  if (equity) add('equity', `Equity over ${usd(equity.over)}`, equity.points);
  if (lead.tax_delinquent) add('tax_delinquent', 'Tax delinquent', 12);
  if (lead.out_of_state_owner) add('out_of_state_owner', 'Out-of-state owner', 8);
  if (lead.pre_foreclosure) add('pre_foreclosure', 'Pre-foreclosure', 15);
  if (lead.vacant) add('vacant', 'Vacant', 10);
  const hasPhone = present(lead.phone) || present(lead.contact_1_phone1);
  const hasEmail = present(lead.email) || present(lead.contact_1_email1);
  if (hasPhone && hasEmail) add('contact_info', 'Phone and email on file', 10);
  else if (hasPhone || hasEmail) add('contact_info', hasPhone ? 'Phone on file' : 'Email on file', 5);
  const status = lead.status ? STATUS_POINTS[lead.status] : undefined;
  if (status) add('status', `Status ${lead.status}`, status);
  return terms;
}

export function recencyPoints(lastContactedAt: string | Date | null, now: Date): number {
  if (lastContactedAt === null) return 0;
  const age = now.getTime() - new Date(lastContactedAt).getTime();
  return CONTACT_RECENCY_TIERS.find((t) => age < t.days * DAY_MS)?.points ?? 0;
}

export function baseScore(lead: ScoreInput): number {
  return baseScoreTerms(lead).reduce((sum, t) => sum + t.points, 0);
}

export interface CompositeScore {
  score: number;
  breakdown: ScoreTerm[];
}

/** The composite score at `now`, never below 0, with the terms that made it. */
export function compositeScore(lead: ScoreInput, now = new Date()): CompositeScore {
  const breakdown = baseScoreTerms(lead);
  const recency = recencyPoints(lead.last_contacted_at, now);
  if (recency > 0) {
    const tier = CONTACT_RECENCY_TIERS.find((t) => t.points === recency)!;
    breakdown.push({ term: 'recent_contact', label: `Contacted in the last ${tier.days} days`, points: recency });
  }
  const total = breakdown.reduce((sum, t) => sum + t.points, 0);
  return { score: Math.max(0, total), breakdown };
}

/** Orders leads as the top list does: higher score first, ties to the newer lead. */
export function compareByScore(
  a: { score: number; created_at: string | Date },
  b: { score: number; created_at: string | Date },
): number {
  return b.score - a.score || new Date(b.created_at).getTime() - new Date(a.created_at).getTime();
}
