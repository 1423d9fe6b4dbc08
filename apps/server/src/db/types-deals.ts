// Generated from the migrations by `npm run db:types` (db/generate-types.ts); a test fails when it is out of date.
import type { Generated, Json, Numeric, Timestamp } from './types-columns';

export interface BuyerOffers {
  amount: Numeric;
  buyer_id: string;
  close_by: string;
  created_at: Generated<Timestamp>;
  deal_id: string;
  declined_notice_at: Timestamp | null;
  earnest_money: Numeric;
  financing: 'cash' | 'hard_money' | 'private_money' | 'conventional' | 'other';
  id: Generated<string>;
  message: string | null;
  organization_id: string;
  proof_of_funds: string | null;
  source: Generated<'deal_room' | 'agent'>;
  status: Generated<'received' | 'accepted' | 'backup' | 'declined' | 'withdrawn'>;
  updated_at: Generated<Timestamp>;
}

export interface Buyers {
  buy_box: Generated<Json>;
  buyer_score: Generated<number>;
  company_name: string | null;
  contact_name: string;
  created_at: Generated<Timestamp>;
  email_opted_out_at: Timestamp | null;
  id: Generated<string>;
  is_active: Generated<boolean>;
  notes: string | null;
  organization_id: string;
  primary_email: string | null;
  primary_phone: string | null;
  source: Generated<'manual' | 'import' | 'deal_room'>;
  updated_at: Generated<Timestamp>;
}

export interface BuyerSends {
  buyer_id: string;
  channel: 'email' | 'sms';
  created_at: Generated<Timestamp>;
  deal_id: string;
  id: Generated<string>;
  link: string | null;
  organization_id: string;
  reason: string | null;
  sent_by: string | null;
  status: 'sent' | 'refused' | 'failed';
}

export interface DealAnalyses {
  arv: Numeric;
  created_at: Generated<Timestamp>;
  created_by: string | null;
  deal_id: string;
  id: Generated<string>;
  inputs: Json;
  mao: Numeric | null;
  max_offer: Numeric | null;
  organization_id: string;
  repair_estimate: Numeric;
  target_fee: Numeric | null;
  version: number;
}

export interface DealEvents {
  changes: Json | null;
  created_at: Generated<Timestamp>;
  deal_id: string;
  id: Generated<string>;
  kind: 'created' | 'updated' | 'stage' | 'offer' | 'offer_updated' | 'analysis' | 'room' | 'buyer_offer';
  organization_id: string;
  summary: string;
  user_id: string | null;
}

export interface DealOffers {
  amount: Numeric;
  counter_amount: Numeric | null;
  created_at: Generated<Timestamp>;
  created_by: string | null;
  deal_id: string;
  id: Generated<string>;
  offered_on: Generated<string>;
  organization_id: string;
  status: Generated<'sent' | 'countered' | 'accepted' | 'rejected'>;
  terms: string | null;
  updated_at: Generated<Timestamp>;
}

export interface DealRoomInvites {
  buyer_id: string;
  created_at: Generated<Timestamp>;
  id: Generated<string>;
  organization_id: string;
  revoked_at: Timestamp | null;
  room_id: string;
  token: string;
}

export interface DealRoomPhotos {
  bytes: number;
  caption: string | null;
  content_type: 'image/jpeg' | 'image/png' | 'image/webp';
  created_at: Generated<Timestamp>;
  id: Generated<string>;
  organization_id: string;
  position: Generated<number>;
  room_id: string;
  storage_key: string;
}

export interface DealRooms {
  access: Generated<'link' | 'password' | 'invited'>;
  asking_price: Numeric | null;
  closing_date: string | null;
  comps: Generated<Json>;
  contact_email: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  created_at: Generated<Timestamp>;
  created_by: string | null;
  deal_id: string;
  description: string | null;
  earnest_money_required: Numeric | null;
  expires_at: Timestamp | null;
  headline: string | null;
  id: Generated<string>;
  organization_id: string;
  password_hash: string | null;
  showing_notes: string | null;
  slug: string;
  status: Generated<'open' | 'closed'>;
  updated_at: Generated<Timestamp>;
}

export interface DealRoomViews {
  buyer_id: string | null;
  client_hash: string;
  id: Generated<string>;
  last_seen_at: Generated<Timestamp>;
  offer_id: string | null;
  opened_at: Generated<Timestamp>;
  organization_id: string;
  room_id: string;
  user_agent: string | null;
}

export interface Deals {
  arv: Numeric | null;
  asking_price: Numeric | null;
  assignment_fee: Numeric | null;
  assignment_fee_actual: Numeric | null;
  buyer_id: string | null;
  buyer_price: Numeric | null;
  closed_at: Timestamp | null;
  closing_date: string | null;
  contract_price: Numeric | null;
  contracted_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  created_by: string | null;
  dead_reason: string | null;
  earnest_money: Numeric | null;
  earnest_money_due: string | null;
  exit_strategy: Generated<'assignment' | 'double_close' | 'novation' | 'refer_out'>;
  id: Generated<string>;
  inspection_ends: string | null;
  lead_id: string;
  notes: string | null;
  organization_id: string;
  owner_user_id: string | null;
  repair_estimate: Numeric | null;
  stage: Generated<'analyzing' | 'offer_made' | 'under_contract' | 'marketing' | 'assigned' | 'closed' | 'dead'>;
  stage_changed_at: Generated<Timestamp>;
  target_fee: Numeric | null;
  title_company: string | null;
  updated_at: Generated<Timestamp>;
}

export interface ReferralPartners {
  brokerage: string | null;
  created_at: Generated<Timestamp>;
  email: string;
  id: Generated<string>;
  is_active: Generated<boolean>;
  license_number: string;
  license_state: string;
  markets: Generated<string[]>;
  name: string;
  notes: string | null;
  organization_id: string;
  phone: string | null;
  referral_fee_percent: Numeric;
  updated_at: Generated<Timestamp>;
}

export interface Referrals {
  closed_at: Timestamp | null;
  commission_percent: Generated<Numeric>;
  created_at: Generated<Timestamp>;
  created_by: string | null;
  deal_id: string | null;
  fee_expected: Numeric | null;
  fee_received: Numeric | null;
  fee_received_on: string | null;
  id: Generated<string>;
  lead_id: string;
  link_expires_at: Timestamp;
  note: string | null;
  organization_id: string;
  partner_id: string;
  partner_note: string | null;
  referral_fee_percent: Numeric;
  responded_at: Timestamp | null;
  sale_price: Numeric | null;
  status: Generated<'sent' | 'accepted' | 'declined' | 'listed' | 'under_contract' | 'closed' | 'cancelled'>;
  updated_at: Generated<Timestamp>;
}
