import { addressKey, baseScore, leadCallNumbers, phoneKey, type LeadFieldName, type ScoreInput } from '@wholesail/domain';

/** The lead's stored columns derived from the domain rules; every write path stores them. */
export interface DerivedLeadColumns {
  score_base: number;
  address_key: string | null;
  phone_key: string | null;
  /** The numbers the Do-Not-Contact list is matched on (migration 0013 keeps dnc_listed from them). */
  phones_e164: string[];
}

/** Derives from a full or partial lead, a CSV row's values included (missing fields count as empty). */
export function deriveLeadColumns(lead: Partial<Record<LeadFieldName, unknown>>): DerivedLeadColumns {
  const get = <T>(name: LeadFieldName) => (lead[name] ?? null) as T | null;
  const score: ScoreInput = {
    motivation_score: get<number>('motivation_score'),
    estimated_value: get<number>('estimated_value'),
    equity_amount: get<number>('equity_amount'),
    tax_delinquent: get<boolean>('tax_delinquent'),
    out_of_state_owner: get<boolean>('out_of_state_owner'),
    pre_foreclosure: get<boolean>('pre_foreclosure'),
    vacant: get<boolean>('vacant'),
    phone: get<string>('phone'),
    email: get<string>('email'),
    contact_1_phone1: get<string>('contact_1_phone1'),
    contact_1_email1: get<string>('contact_1_email1'),
    last_contacted_at: null,
    status: get<string>('status'),
  };
  return {
    score_base: baseScore(score),
    address_key: addressKey(get<string>('property_address_full') ?? get<string>('property_address') ?? get<string>('address')),
    phone_key: phoneKey(get<string>('contact_1_phone1') ?? get<string>('phone')),
    phones_e164: leadCallNumbers(lead),
  };
}
