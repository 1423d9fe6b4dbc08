import { addressKey, baseScore, phoneKey, type LeadWrite, type ScoreInput } from '@wholesail/domain';

/** The lead's stored columns derived from the domain rules; every write path stores them. */
export interface DerivedLeadColumns {
  score_base: number;
  address_key: string | null;
  phone_key: string | null;
}

/** Derives from a full or partial lead (missing fields count as empty). */
export function deriveLeadColumns(lead: LeadWrite): DerivedLeadColumns {
  const get = <T>(name: keyof LeadWrite) => (lead[name] ?? null) as T | null;
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
  };
}
