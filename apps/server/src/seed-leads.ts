import type { Kysely } from 'kysely';
import { withTenant } from './db/scope';
import type { DB } from './db/types';
import { recordScore, SCORING_COLUMNS, type ScoringLead } from './modules/ai-jobs/scoring';
import { deriveLeadColumns } from './modules/leads/derive';

export const FIRST = ['Maria', 'James', 'Linda', 'Robert', 'Patricia', 'Michael', 'Barbara', 'William', 'Elizabeth', 'David', 'Jennifer', 'Richard'];
export const LAST = ['Garcia', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Martinez', 'Hernandez', 'Lopez', 'Wilson', 'Anderson'];
export const STREETS = ['Oak St', 'Maple Ave', 'Cedar Ln', 'Pecan Dr', 'Elm St', 'Mesquite Trl', 'Bluebonnet Way', 'Live Oak Ct', 'Ridge Rd', 'Lamar Blvd'];
const CITIES: Array<[string, string]> = [['Austin', '787'], ['Round Rock', '786'], ['San Marcos', '786'], ['Pflugerville', '786'], ['Georgetown', '786']];
const STATUSES = ['new', 'new-untouched', 'discovery', 'interested-set-offer', 'interested-add-followup', 'add-to-followup', 'new'];
const BADGES = ['vacant', 'absentee', 'probate', 'tax-default', 'high-equity', 'tired-landlord', 'pre-foreclosure'];

/** A small deterministic generator, so every demo start shows the same leads. */
export function generator(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** Thirty plausible leads for the demo organization (source 'demo'), so a first visit has a list to work. */
export async function seedDemoLeads(db: Kysely<DB>, organizationId: string, userId: string): Promise<void> {
  const rnd = generator(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const now = Date.now();
  const leads = Array.from({ length: 30 }, (_, i) => {
    const [city, zipPrefix] = pick(CITIES);
    const first = pick(FIRST);
    const last = pick(LAST);
    const street = `${100 + Math.floor(rnd() * 9800)} ${pick(STREETS)}`;
    const value = Math.round((120_000 + rnd() * 680_000) / 1000) * 1000;
    const mortgage = rnd() < 0.3 ? null : Math.round((value * rnd() * 0.8) / 1000) * 1000;
    const badges = BADGES.filter(() => rnd() < 0.18);
    const contacted = rnd() < 0.4 ? new Date(now - rnd() * 45 * 86_400_000).toISOString() : null;
    const lead = {
      owner_1_name: `${first} ${last}`,
      owner_1_first_name: first,
      owner_1_last_name: last,
      property_address_full: `${street}, ${city}, TX ${zipPrefix}${String(10 + i).padStart(2, '0')}`,
      property_address: street,
      property_address_city: city,
      property_address_state: 'TX',
      property_address_zipcode: `${zipPrefix}${String(10 + i).padStart(2, '0')}`,
      property_address_county: 'Travis',
      property_type: rnd() < 0.8 ? 'Single Family' : 'Duplex',
      total_bedrooms: 2 + Math.floor(rnd() * 4),
      total_baths: 1 + Math.floor(rnd() * 3),
      building_square_feet: 900 + Math.floor(rnd() * 2400),
      year_built: 1955 + Math.floor(rnd() * 60),
      estimated_value: value,
      mortgage_balance: mortgage,
      equity_amount: mortgage === null ? null : value - mortgage,
      motivation_score: Math.floor(rnd() * 10),
      contact_1_phone1: rnd() < 0.85 ? `512555${String(1000 + i * 37).slice(-4)}` : null,
      contact_1_email1: rnd() < 0.5 ? `${first}.${last}${i}@example.com`.toLowerCase() : null,
      vacant: badges.includes('vacant'),
      tax_delinquent: badges.includes('tax-default'),
      pre_foreclosure: badges.includes('pre-foreclosure'),
      out_of_state_owner: badges.includes('absentee') && rnd() < 0.5,
      badges,
      status: pick(STATUSES),
      last_contacted_at: contacted,
      source: 'demo',
      lead_source: 'Demo data',
      created_by: userId,
    };
    // Scored from the record as the scoring job would without a language model, so the demo shows AI scores at once.
    const unset = Object.fromEntries(SCORING_COLUMNS.map((c) => [c, null])) as unknown as ScoringLead;
    const scored = recordScore({ ...unset, ...lead } as ScoringLead, [], new Date(now));
    const ai = { ai_score: scored.score, ai_score_reasons: scored.reasons, ai_score_source: 'rules', ai_scored_at: new Date(now) };
    return { ...lead, ...deriveLeadColumns(lead), ...ai, organization_id: organizationId, created_at: new Date(now - i * 3_600_000) };
  });
  await withTenant(db, organizationId, (tx) => tx.insertInto('leads').values(leads).execute());
}
