// Generated from the migrations by `npm run db:types` (db/generate-types.ts); a test fails when it is out of date.
import type { Generated, Json, Timestamp } from './types-columns';

export interface ActivityLogs {
  action: string;
  actor_id: string | null;
  created_at: Generated<Timestamp>;
  details: Generated<Json>;
  entity_id: string | null;
  entity_type: string | null;
  id: Generated<string>;
  organization_id: string;
}

export interface AddressLookupCache {
  address_key: string;
  answer: Json;
  expires_at: Timestamp;
}

export interface AiStatus {
  area: string;
  last_failure_at: Timestamp | null;
  last_ok_at: Timestamp | null;
  organization_id: string;
}

export interface AiTasks {
  call_id: string | null;
  created_at: Generated<Timestamp>;
  created_by: string | null;
  deal_id: string | null;
  due_notified_at: Timestamp | null;
  id: Generated<string>;
  lead_id: string;
  organization_id: string;
  proposed_time: Timestamp | null;
  reason: string | null;
  status: Generated<'pending' | 'done'>;
  suggested_message: string | null;
  task_type: Generated<'follow_up' | 'deal_deadline'>;
  today_list: 'follow_up' | 'callback' | 'deadline' | null | null;
  updated_at: Generated<Timestamp>;
}

export interface DncNumbers {
  created_at: Generated<Timestamp>;
  created_by: string | null;
  lead_id: string | null;
  opt_out_from: string | null;
  organization_id: string;
  phone_e164: string;
  reason: string | null;
  source: 'manual' | 'lead_edit' | 'call_outcome' | 'live_call' | 'sms_opt_out' | 'import';
}

export interface EnrichmentBatches {
  created_at: Generated<Timestamp>;
  enriched: Generated<number>;
  failed: Generated<number>;
  finished_at: Timestamp | null;
  id: Generated<string>;
  organization_id: string;
  priority: 'normal' | 'high';
  requested_by: string | null;
  skipped: Generated<number>;
  total: number;
}

export interface EnrichmentBatchLeads {
  batch_id: string;
  created_at: Generated<Timestamp>;
  finished_at: Timestamp | null;
  lead_id: string;
  message: string | null;
  organization_id: string;
  state: Generated<'queued' | 'enriched' | 'failed' | 'skipped'>;
}

export interface LeadImports {
  created_at: Generated<Timestamp>;
  created_by: string | null;
  errors: Generated<Json>;
  failure: string | null;
  filename: string;
  finished_at: Timestamp | null;
  headers: Generated<Json>;
  id: Generated<string>;
  inserted: Generated<number>;
  mapping: Generated<Json>;
  organization_id: string;
  rows_read: Generated<number>;
  skipped: Generated<number>;
  started_at: Timestamp | null;
  status: Generated<'awaiting_mapping' | 'queued' | 'running' | 'completed' | 'failed'>;
  total_rows: Generated<number>;
  updated: Generated<number>;
}

export interface LeadListMembers {
  added_at: Generated<Timestamp>;
  import_id: string;
  lead_id: string;
  organization_id: string;
}

export interface Leads {
  ac_type: string | null;
  active_lien: boolean | null;
  address: string | null;
  address_key: string | null;
  ai_score: number | null;
  ai_score_reasons: string[] | null;
  ai_score_source: string | null;
  ai_scored_at: Timestamp | null;
  annual_taxes: number | null;
  apn_parcel_id: string | null;
  appreciation_rate: number | null;
  assd_total_value: number | null;
  assessed_value: number | null;
  badges: Generated<string[]>;
  basement: boolean | null;
  building_square_feet: number | null;
  cap_rate: number | null;
  cash_flow_estimate: number | null;
  comparable_sales: number | null;
  contact_1_email: string | null;
  contact_1_email1: string | null;
  contact_1_email2: string | null;
  contact_1_email3: string | null;
  contact_1_name: string | null;
  contact_1_phone1: string | null;
  contact_1_phone2: string | null;
  contact_1_phone3: string | null;
  contact_attempts: Generated<number>;
  county: string | null;
  created_at: Generated<Timestamp>;
  created_by: string | null;
  data_source: string | null;
  days_on_market: number | null;
  deleted_at: Timestamp | null;
  deleted_by: string | null;
  distressed_sale: boolean | null;
  dnc_listed: Generated<boolean>;
  dnc_status: Generated<boolean>;
  elementary_school: string | null;
  email: string | null;
  enriched_at: Timestamp | null;
  enriched_by: string | null;
  equity_amount: number | null;
  equity_estimate: number | null;
  estimated_value: number | null;
  fireplace: boolean | null;
  first_contacted_at: Timestamp | null;
  foreclosure_filing_date: string | null;
  garage: boolean | null;
  garage_spaces: number | null;
  high_school: string | null;
  hoa_annual: number | null;
  hoa_monthly: number | null;
  id: Generated<string>;
  last_call_at: Timestamp | null;
  last_call_disposition: string | null;
  last_call_duration_sec: number | null;
  last_call_summary: string | null;
  last_contacted_at: Timestamp | null;
  last_interaction_at: Timestamp | null;
  last_sale_amount: number | null;
  last_sale_date: string | null;
  last_sale_doc_type: string | null;
  last_sale_price: number | null;
  last_sale_recording_date: string | null;
  lat: number | null;
  latitude: number | null;
  lead_source: string | null;
  legal_description: string | null;
  lis_pendens_date: string | null;
  lng: number | null;
  longitude: number | null;
  lot_square_feet: number | null;
  mailing_address_city: string | null;
  mailing_address_full: string | null;
  mailing_address_line_1: string | null;
  mailing_address_state: string | null;
  mailing_address_zip: string | null;
  market_hotness: number | null;
  middle_school: string | null;
  monthly_mortgage_payment: number | null;
  mortgage_amount: number | null;
  mortgage_balance: number | null;
  motivation_score: number | null;
  mtg1_est_loan_balance: number | null;
  name: string | null;
  notes: string | null;
  occupancy_status: string | null;
  organization_id: string;
  out_of_state_owner: boolean | null;
  owner_1_first_name: string | null;
  owner_1_last_name: string | null;
  owner_1_name: string | null;
  owner_2_first_name: string | null;
  owner_2_last_name: string | null;
  owner_2_name: string | null;
  owner_address_state: string | null;
  owner_type: string | null;
  ownership_length: number | null;
  parking_spaces: number | null;
  phone: string | null;
  phone_key: string | null;
  phone_number: string | null;
  phones_e164: Generated<string[]>;
  pool: boolean | null;
  pool_type: string | null;
  pre_foreclosure: boolean | null;
  prior_sale_date: string | null;
  prior_sale_price: number | null;
  property_address: string | null;
  property_address_city: string | null;
  property_address_county: string | null;
  property_address_full: string | null;
  property_address_line_1: string | null;
  property_address_state: string | null;
  property_address_street: string | null;
  property_address_zip: string | null;
  property_address_zipcode: string | null;
  property_condition: string | null;
  property_lat: number | null;
  property_lng: number | null;
  property_type: string | null;
  rental_estimate: number | null;
  school_district_name: string | null;
  school_rating: number | null;
  score_base: Generated<number>;
  search_text: Generated<string | null>;
  second_mortgage_amount: number | null;
  second_mortgage_type: string | null;
  source: string | null;
  status: Generated<string>;
  status_before_delete: string | null;
  stories: number | null;
  subdivision: string | null;
  tax_amt: number | null;
  tax_delinquent: boolean | null;
  tax_lien_amount: number | null;
  tax_year: number | null;
  tenant_occupied: boolean | null;
  total_baths: number | null;
  total_bedrooms: number | null;
  updated_at: Generated<Timestamp>;
  vacancy_flag: boolean | null;
  vacant: boolean | null;
  version: Generated<number>;
  year_built: number | null;
  zoning: string | null;
}
