// Generated from the migrations by `npm run db:types` (db/generate-types.ts); a test fails when it is out of date.
import type { Generated, Int8, Json, Timestamp } from './types-columns';

export interface Accounts {
  access_token: string | null;
  access_token_expires_at: Timestamp | null;
  account_id: string;
  created_at: Generated<Timestamp>;
  id: string;
  id_token: string | null;
  password: string | null;
  provider_id: string;
  refresh_token: string | null;
  refresh_token_expires_at: Timestamp | null;
  scope: string | null;
  updated_at: Generated<Timestamp>;
  user_id: string;
}

export interface AnalyticsCallHours {
  connects: Generated<number>;
  conversations: Generated<number>;
  dials: Generated<number>;
  hour: Timestamp;
  organization_id: string;
  outcome_appointment_scheduled: Generated<number>;
  outcome_callback_requested: Generated<number>;
  outcome_interested: Generated<number>;
  outcome_maybe: Generated<number>;
  outcome_no_answer: Generated<number>;
  outcome_not_interested: Generated<number>;
  outcome_offer_made: Generated<number>;
  outcome_wrong_number: Generated<number>;
  talk_time_sec: Generated<Int8>;
  user_id: Generated<string>;
}

export interface AnalyticsDealHours {
  closed: Generated<number>;
  hour: Timestamp;
  offers: Generated<number>;
  organization_id: string;
  under_contract: Generated<number>;
  user_id: Generated<string>;
}

export interface AnalyticsLeadLists {
  lead_id: string;
  lists: number;
  organization_id: string;
}

export interface AnalyticsListCounts {
  closed: Generated<number>;
  contacted: Generated<number>;
  fees_cents: Generated<Int8>;
  import_id: string;
  members: Generated<number>;
  organization_id: string;
  under_contract: Generated<number>;
}

export interface AnalyticsPipelineCounts {
  key: string;
  kind: string;
  organization_id: string;
  records: Generated<number>;
}

export interface AnalyticsPipelineHours {
  delta: Generated<number>;
  hour: Timestamp;
  key: string;
  kind: string;
  organization_id: string;
}

export interface AnalyticsPipelineSpans {
  key: string;
  kind: 'lead_status' | 'deal_stage';
  organization_id: string;
  record_id: string;
  since: Timestamp;
  until: Timestamp | null;
}

export interface AnalyticsSignalCounts {
  contacted: Generated<number>;
  contracted: Generated<number>;
  key: string;
  leads: Generated<number>;
  offered: Generated<number>;
  organization_id: string;
}

export interface AnalyticsSourceHours {
  closed: Generated<number>;
  contacted: Generated<number>;
  fees_cents: Generated<Int8>;
  hour: Timestamp;
  leads: Generated<number>;
  organization_id: string;
  source: string;
  under_contract: Generated<number>;
}

export interface AnalyticsSpeedHours {
  day_1_to_7: Generated<number>;
  hour: Timestamp;
  hour_1_to_24: Generated<number>;
  min_5_to_60: Generated<number>;
  organization_id: string;
  over_7_days: Generated<number>;
  total_sec: Generated<Int8>;
  under_5_min: Generated<number>;
}

export interface AnalyticsTextHours {
  delivered: Generated<number>;
  failed: Generated<number>;
  hour: Timestamp;
  opt_outs: Generated<number>;
  organization_id: string;
  replies: Generated<number>;
  sent: Generated<number>;
  user_id: Generated<string>;
}

export interface AnalyticsUncontactedHours {
  hour: Timestamp;
  leads: Generated<number>;
  organization_id: string;
}

export interface ApiKeys {
  created_at: Generated<Timestamp>;
  created_by: string | null;
  expires_at: Timestamp | null;
  id: Generated<string>;
  last_used_at: Timestamp | null;
  name: string;
  organization_id: string;
  prefix: string;
  revoked_at: Timestamp | null;
  revoked_by: string | null;
  scopes: string[];
  token_hash: Buffer;
}

export interface IntegrationStatus {
  last_error: string | null;
  last_error_at: Timestamp | null;
  last_success_at: Timestamp | null;
  organization_id: string;
  provider: 'twilio_voice' | 'twilio_messaging' | 'llm' | 'batchdata' | 'google_maps' | 'smtp' | 'storage';
}

export interface Invitations {
  accepted_at: Timestamp | null;
  accepted_by: string | null;
  created_at: Generated<Timestamp>;
  email: string;
  expires_at: Timestamp;
  id: Generated<string>;
  invited_by: string | null;
  organization_id: string;
  revoked_at: Timestamp | null;
  role: Generated<'admin' | 'member'>;
  token_hash: string;
}

export interface OrganizationPhoneNumbers {
  created_at: Generated<Timestamp>;
  id: Generated<string>;
  is_active: Generated<boolean>;
  is_primary: Generated<boolean>;
  label: string | null;
  organization_id: string;
  phone_number: string;
}

export interface Organizations {
  created_at: Generated<Timestamp>;
  id: Generated<string>;
  name: string;
  updated_at: Generated<Timestamp>;
}

export interface OrganizationSettings {
  organization_id: string;
  settings: Generated<Json>;
  updated_at: Generated<Timestamp>;
}

export interface RateLimits {
  count: number;
  id: string;
  key: string;
  last_request: Int8;
}

export interface SchemaMigrations {
  applied_at: Generated<Timestamp>;
  name: string;
}

export interface Sessions {
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  id: string;
  ip_address: string | null;
  token: string;
  updated_at: Generated<Timestamp>;
  user_agent: string | null;
  user_id: string;
}

export interface SourceSpend {
  amount_cents: Int8;
  month: string;
  organization_id: string;
  source: string;
  updated_at: Generated<Timestamp>;
  updated_by: string | null;
}

export interface UsageCounters {
  count: number;
  expires_at: Timestamp;
  key: string;
}

export interface UserPhoneAssignments {
  created_at: Generated<Timestamp>;
  is_default: Generated<boolean>;
  organization_id: string;
  phone_number: string;
  user_id: string;
}

export interface UserProfiles {
  created_at: Generated<Timestamp>;
  id: string;
  organization_id: string | null;
  role: Generated<'owner' | 'admin' | 'member'>;
  updated_at: Generated<Timestamp>;
}

export interface Users {
  created_at: Generated<Timestamp>;
  email: string;
  email_verified: Generated<boolean>;
  id: string;
  image: string | null;
  name: string;
  updated_at: Generated<Timestamp>;
}

export interface Verifications {
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  id: string;
  identifier: string;
  updated_at: Generated<Timestamp>;
  value: string;
}
