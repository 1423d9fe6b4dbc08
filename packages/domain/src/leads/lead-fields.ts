/**
 * Every stored lead field (dialer.md §3 full record + platform.md §3 list/scoring fields), its type and
 * the group the lead details dialog shows it in. The leads table (migration 0003) has exactly these
 * columns plus organization_id, id and the derived ones; a server test checks that they agree.
 */
export type LeadFieldType = 'text' | 'integer' | 'numeric' | 'boolean' | 'date' | 'timestamptz' | 'text[]';

/** What an 'integer' field's column (PostgreSQL integer) holds: a value outside is refused before it gets there. */
export const INTEGER_RANGE = { min: -2147483648, max: 2147483647 } as const;
export type LeadFieldGroup =
  | 'owner' | 'contact' | 'address' | 'property' | 'financial' | 'distress' | 'sales' | 'schools'
  | 'market' | 'scoring' | 'calls' | 'metadata';

export const LEAD_FIELDS = {
  // Owner
  name: ['text', 'owner'],
  owner_1_name: ['text', 'owner'],
  owner_1_first_name: ['text', 'owner'],
  owner_1_last_name: ['text', 'owner'],
  owner_2_name: ['text', 'owner'],
  owner_2_first_name: ['text', 'owner'],
  owner_2_last_name: ['text', 'owner'],
  owner_type: ['text', 'owner'],
  ownership_length: ['numeric', 'owner'],
  out_of_state_owner: ['boolean', 'owner'],
  // Contact
  phone: ['text', 'contact'],
  phone_number: ['text', 'contact'],
  email: ['text', 'contact'],
  contact_1_name: ['text', 'contact'],
  contact_1_phone1: ['text', 'contact'],
  contact_1_phone2: ['text', 'contact'],
  contact_1_phone3: ['text', 'contact'],
  contact_1_email: ['text', 'contact'],
  contact_1_email1: ['text', 'contact'],
  contact_1_email2: ['text', 'contact'],
  contact_1_email3: ['text', 'contact'],
  // Address
  address: ['text', 'address'],
  property_address_full: ['text', 'address'],
  property_address: ['text', 'address'],
  property_address_line_1: ['text', 'address'],
  property_address_street: ['text', 'address'],
  property_address_city: ['text', 'address'],
  property_address_state: ['text', 'address'],
  property_address_zipcode: ['text', 'address'],
  property_address_zip: ['text', 'address'],
  property_address_county: ['text', 'address'],
  county: ['text', 'address'],
  mailing_address_full: ['text', 'address'],
  mailing_address_line_1: ['text', 'address'],
  mailing_address_city: ['text', 'address'],
  mailing_address_state: ['text', 'address'],
  mailing_address_zip: ['text', 'address'],
  owner_address_state: ['text', 'address'],
  property_lat: ['numeric', 'address'],
  property_lng: ['numeric', 'address'],
  latitude: ['numeric', 'address'],
  longitude: ['numeric', 'address'],
  lat: ['numeric', 'address'],
  lng: ['numeric', 'address'],
  // Property
  property_type: ['text', 'property'],
  total_bedrooms: ['numeric', 'property'],
  total_baths: ['numeric', 'property'],
  building_square_feet: ['integer', 'property'],
  lot_square_feet: ['integer', 'property'],
  year_built: ['integer', 'property'],
  stories: ['numeric', 'property'],
  garage: ['boolean', 'property'],
  garage_spaces: ['integer', 'property'],
  pool: ['boolean', 'property'],
  pool_type: ['text', 'property'],
  basement: ['boolean', 'property'],
  fireplace: ['boolean', 'property'],
  ac_type: ['text', 'property'],
  parking_spaces: ['integer', 'property'],
  subdivision: ['text', 'property'],
  zoning: ['text', 'property'],
  occupancy_status: ['text', 'property'],
  property_condition: ['text', 'property'],
  tenant_occupied: ['boolean', 'property'],
  apn_parcel_id: ['text', 'property'],
  legal_description: ['text', 'property'],
  // Financial
  estimated_value: ['numeric', 'financial'],
  mortgage_balance: ['numeric', 'financial'],
  assessed_value: ['numeric', 'financial'],
  second_mortgage_amount: ['numeric', 'financial'],
  second_mortgage_type: ['text', 'financial'],
  monthly_mortgage_payment: ['numeric', 'financial'],
  hoa_monthly: ['numeric', 'financial'],
  hoa_annual: ['numeric', 'financial'],
  annual_taxes: ['numeric', 'financial'],
  tax_amt: ['numeric', 'financial'],
  tax_delinquent: ['boolean', 'financial'],
  tax_year: ['integer', 'financial'],
  tax_lien_amount: ['numeric', 'financial'],
  active_lien: ['boolean', 'financial'],
  assd_total_value: ['numeric', 'financial'],
  mtg1_est_loan_balance: ['numeric', 'financial'],
  mortgage_amount: ['numeric', 'financial'],
  equity_amount: ['numeric', 'financial'],
  equity_estimate: ['numeric', 'financial'],
  // Distress
  pre_foreclosure: ['boolean', 'distress'],
  foreclosure_filing_date: ['date', 'distress'],
  lis_pendens_date: ['date', 'distress'],
  vacancy_flag: ['boolean', 'distress'],
  vacant: ['boolean', 'distress'],
  distressed_sale: ['boolean', 'distress'],
  // Sales
  last_sale_date: ['date', 'sales'],
  last_sale_price: ['numeric', 'sales'],
  last_sale_amount: ['numeric', 'sales'],
  last_sale_recording_date: ['date', 'sales'],
  last_sale_doc_type: ['text', 'sales'],
  prior_sale_date: ['date', 'sales'],
  prior_sale_price: ['numeric', 'sales'],
  // Schools
  school_district_name: ['text', 'schools'],
  school_rating: ['numeric', 'schools'],
  elementary_school: ['text', 'schools'],
  middle_school: ['text', 'schools'],
  high_school: ['text', 'schools'],
  // Market and investment
  market_hotness: ['numeric', 'market'],
  days_on_market: ['integer', 'market'],
  comparable_sales: ['integer', 'market'],
  rental_estimate: ['numeric', 'market'],
  cap_rate: ['numeric', 'market'],
  cash_flow_estimate: ['numeric', 'market'],
  appreciation_rate: ['numeric', 'market'],
  // Scoring and lists
  motivation_score: ['numeric', 'scoring'],
  badges: ['text[]', 'scoring'],
  last_contacted_at: ['timestamptz', 'scoring'],
  last_interaction_at: ['timestamptz', 'scoring'],
  // calculate_ai_lead_score (migration 0008): 0-100, its reasons, 'rules' or 'rules+llm', when
  ai_score: ['integer', 'scoring'],
  ai_score_reasons: ['text[]', 'scoring'],
  ai_score_source: ['text', 'scoring'],
  ai_scored_at: ['timestamptz', 'scoring'],
  // Calls
  notes: ['text', 'calls'],
  last_call_at: ['timestamptz', 'calls'],
  last_call_disposition: ['text', 'calls'],
  last_call_duration_sec: ['integer', 'calls'],
  last_call_summary: ['text', 'calls'],
  dnc_status: ['boolean', 'calls'],
  // Metadata
  status: ['text', 'metadata'],
  source: ['text', 'metadata'],
  lead_source: ['text', 'metadata'],
  data_source: ['text', 'metadata'],
  contact_attempts: ['integer', 'metadata'],
  created_by: ['text', 'metadata'],
  enriched_at: ['timestamptz', 'metadata'],
  enriched_by: ['text', 'metadata'],
} as const satisfies Record<string, readonly [LeadFieldType, LeadFieldGroup]>;

export type LeadFieldName = keyof typeof LEAD_FIELDS;
export const LEAD_FIELD_NAMES = Object.keys(LEAD_FIELDS) as LeadFieldName[];

type TsOf<T extends LeadFieldType> = T extends 'text' | 'date' | 'timestamptz'
  ? string
  : T extends 'integer' | 'numeric'
    ? number
    : T extends 'boolean'
      ? boolean
      : string[];

/** A lead as the API returns it: every field (null when unknown) plus identity and timestamps. */
export type Lead = { [K in LeadFieldName]: K extends 'badges' ? string[] : TsOf<(typeof LEAD_FIELDS)[K][0]> | null } & {
  id: string;
  organization_id: string;
  created_at: string;
  updated_at: string;
  /** 1 when created, one more on every update (optimistic concurrency: docs/api-leads.md). */
  version: number;
};

/**
 * What a list row carries (GET /api/leads): platform.md's fields used in lists and scoring, the call
 * fields but the notes log, and the fallbacks the row's name, address, phone, email and equity read.
 * The full record is GET /api/leads/{id}.
 */
export const LEAD_LIST_FIELDS = [
  'name', 'owner_1_name', 'owner_1_first_name', 'owner_1_last_name', 'contact_1_name',
  'phone', 'phone_number', 'contact_1_phone1', 'email', 'contact_1_email', 'contact_1_email1',
  'address', 'property_address_full', 'property_address', 'property_address_line_1', 'property_address_street',
  'property_address_city', 'property_address_state', 'property_address_zipcode', 'property_address_zip',
  'estimated_value', 'mortgage_balance', 'equity_amount', 'year_built',
  'tax_delinquent', 'out_of_state_owner', 'pre_foreclosure', 'vacant',
  'motivation_score', 'ai_score', 'ai_score_reasons', 'ai_score_source', 'ai_scored_at', 'badges', 'status', 'last_contacted_at', 'last_interaction_at',
  'last_call_at', 'last_call_disposition', 'last_call_duration_sec', 'dnc_status',
] as const satisfies readonly LeadFieldName[];

export type LeadListField = (typeof LEAD_LIST_FIELDS)[number];
/** A list row: the list fields plus identity, timestamps and version. */
export type LeadListItem = Pick<Lead, LeadListField | 'id' | 'organization_id' | 'created_at' | 'updated_at' | 'version'>;

/** The 12 key fields behind the '% Complete' badge (dialer.md §9). */
export const COMPLETENESS_KEY_FIELDS = [
  'owner_1_name', 'contact_1_phone1', 'contact_1_email1', 'property_address_full', 'property_address_city',
  'property_address_state', 'property_address_zipcode', 'estimated_value', 'mortgage_balance',
  'total_bedrooms', 'total_baths', 'year_built',
] as const satisfies readonly LeadFieldName[];

export const LEAD_STATUSES = [
  'new', 'new-untouched', 'discovery', 'interested-set-offer', 'interested-add-followup', 'add-to-followup', 'under-contract', 'closed', 'deleted',
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
