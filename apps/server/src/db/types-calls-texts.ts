// Generated from the migrations by `npm run db:types` (db/generate-types.ts); a test fails when it is out of date.
import type { Generated, Json, Timestamp } from './types-columns';

export interface CallAnalyses {
  analyzed_at: Generated<Timestamp>;
  call_id: string;
  lead_id: string | null;
  model: string | null;
  motivation_signals: Generated<string[]>;
  next_step: string;
  objections: Generated<string[]>;
  organization_id: string;
  sentiment: 'positive' | 'neutral' | 'negative';
  source: 'rules' | 'llm';
}

export interface CallEvents {
  call_id: string | null;
  created_at: Generated<Timestamp>;
  details: Generated<Json>;
  id: Generated<string>;
  kind: 'dial_allowed' | 'dial_refused' | 'status' | 'completed' | 'hours_override_changed' | 'mute' | 'dtmf';
  lead_id: string | null;
  organization_id: string;
  reason: string | null;
  user_id: string | null;
}

export interface Calls {
  answered_at: Timestamp | null;
  call_sid: string;
  completed_at: Timestamp | null;
  connection_sid: string | null;
  created_at: Generated<Timestamp>;
  disposition: string | null;
  duration_sec: number | null;
  ended_at: Timestamp | null;
  from_e164: string;
  id: Generated<string>;
  lead_id: string;
  notes: string | null;
  organization_id: string;
  provider: 'demo' | 'twilio';
  started_at: Generated<Timestamp>;
  status: Generated<'initiated' | 'ringing' | 'in-progress' | 'completed' | 'failed' | 'busy' | 'no-answer' | 'canceled'>;
  to_e164: string;
  updated_at: Generated<Timestamp>;
  user_id: string | null;
}

export interface CallTranscriptions {
  call_id: string;
  call_sid: string;
  confidence: number;
  created_at: Generated<Timestamp>;
  id: Generated<string>;
  is_partial: boolean;
  organization_id: string;
  sequence: number;
  source: 'twilio' | 'demo';
  speaker: 'agent' | 'lead';
  timestamp: Timestamp;
  transcript: string;
}

export interface ConversationAnalyses {
  analyzed_at: Generated<Timestamp>;
  conversation_id: string;
  lead_id: string | null;
  model: string | null;
  motivation_signals: Generated<string[]>;
  next_step: string;
  objections: Generated<string[]>;
  organization_id: string;
  sentiment: 'positive' | 'neutral' | 'negative';
  source: 'rules' | 'llm';
}

export interface Conversations {
  body: string;
  channel: Generated<string>;
  created_at: Generated<Timestamp>;
  direction: 'inbound' | 'outbound';
  error: string | null;
  from_e164: string | null;
  id: Generated<string>;
  lead_id: string | null;
  organization_id: string;
  provider_sid: string | null;
  read_at: Timestamp | null;
  reply_to_user_id: string | null;
  status: 'queued' | 'sent' | 'delivered' | 'failed' | 'received';
  to_e164: string | null;
  updated_at: Generated<Timestamp>;
  user_id: string | null;
}

export interface MailOutbox {
  created_at: Generated<Timestamp>;
  html_body: string | null;
  id: Generated<string>;
  subject: string;
  text_body: string;
  to_address: string;
}

export interface TwilioStatusEvents {
  call_id: string;
  call_sid: string;
  organization_id: string;
  received_at: Generated<Timestamp>;
  sequence_number: number;
  status: string;
}
