import { addressKey, baseScore, phoneKey, type ScoreInput } from '@wholesail/domain';

/** The lead's stored columns derived from the domain rules; every write path stores them. */
export interface DerivedLeadColumns {
  score_base: number;
  address_key: string | null;
  phone_key: string | null;
}

type DeriveInput = Partial<ScoreInput> & {
  property_address_full?: string | null;
  property_address?: string | null;
  address?: string | null;
  contact_1_phone1?: string | null;
  phone?: string | null;
};

const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

export function deriveLeadColumns(lead: DeriveInput): DerivedLeadColumns {
  const score: ScoreInput = {
    motivation_score: orNull(lead.motivation_score),
    estimated_value: orNull(lead.estimated_value),
    equity_amount: orNull(lead.equity_amount),
    tax_delinquent: orNull(lead.tax_delinquent),
    out_of_state_owner: orNull(lead.out_of_state_owner),
    pre_foreclosure: orNull(lead.pre_foreclosure),
    vacant: orNull(lead.vacant),
    phone: orNull(lead.phone),
    email: orNull(lead.email),
    contact_1_phone1: orNull(lead.contact_1_phone1),
    contact_1_email1: orNull(lead.contact_1_email1),
    last_contacted_at: null,
    status: orNull(lead.status),
  };
  return {
    score_base: baseScore(score),
    address_key: addressKey(lead.property_address_full ?? lead.property_address ?? lead.address),
    phone_key: phoneKey(lead.contact_1_phone1 ?? lead.phone),
  };
}
