import type { ColumnType, Generated } from 'kysely';
import type { LeadFieldName } from '@wholesail/domain';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | T, string | T>;
/** A nullable column that may be left out of an insert (it defaults to null). */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A JSON column with a database default. */
type JsonWithDefault<T> = ColumnType<T, string | T | undefined, string | T>;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: Generated<boolean>;
  image: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountsTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: Optional<string>;
  created_at: Timestamp;
}

export interface OrganizationsTable {
  id: Generated<string>;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserProfilesTable {
  id: string;
  organization_id: string | null;
  role: ColumnType<'owner' | 'admin' | 'member', 'owner' | 'admin' | 'member' | undefined>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrganizationSettingsTable {
  organization_id: string;
  settings: Json<Record<string, unknown>>;
  updated_at: Timestamp;
}

export interface InvitationsTable {
  organization_id: string;
  id: Generated<string>;
  email: string;
  role: 'admin' | 'member';
  token_hash: string;
  invited_by: Optional<string>;
  expires_at: Timestamp;
  accepted_at: Optional<Date>;
  accepted_by: Optional<string>;
  revoked_at: Optional<Date>;
  created_at: Timestamp;
}

export interface ActivityLogsTable {
  organization_id: string;
  id: Generated<string>;
  actor_id: Optional<string>;
  action: string;
  entity_type: Optional<string>;
  entity_id: Optional<string>;
  details: JsonWithDefault<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface SystemNotificationsTable {
  organization_id: string;
  id: Generated<string>;
  user_id: Optional<string>;
  level: ColumnType<'info' | 'success' | 'warning' | 'error', 'info' | 'success' | 'warning' | 'error' | undefined>;
  title: string;
  body: Optional<string>;
  read_at: Optional<Date>;
  created_at: Timestamp;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}

/** Lead fields are typed by the domain registry and converted by leads/repo.ts toLead. */
type LeadFieldColumn = ColumnType<unknown, unknown, unknown>;
export type LeadsTable = { [K in LeadFieldName]: LeadFieldColumn } & {
  organization_id: string;
  id: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  score_base: Generated<number>;
  address_key: Optional<string>;
  phone_key: Optional<string>;
  search_text: ColumnType<string, never, never>;
};

export interface BuyersTable {
  organization_id: string;
  id: Generated<string>;
  contact_name: string;
  company_name: Optional<string>;
  buyer_score: Generated<number>;
  is_active: Generated<boolean>;
  primary_email: Optional<string>;
  primary_phone: Optional<string>;
  notes: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ConversationStatusColumn = 'queued' | 'sent' | 'delivered' | 'failed' | 'received';

export interface ConversationsTable {
  organization_id: string;
  id: Generated<string>;
  lead_id: Optional<string>;
  body: string;
  direction: 'inbound' | 'outbound';
  channel: Generated<string>;
  /** Left out of an insert: 'received' inbound, 'sent' outbound (trigger of migration 0009). */
  status: ColumnType<ConversationStatusColumn, ConversationStatusColumn | undefined, ConversationStatusColumn>;
  provider_sid: Optional<string>;
  from_e164: Optional<string>;
  to_e164: Optional<string>;
  user_id: Optional<string>;
  error: Optional<string>;
  read_at: Optional<Date>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrganizationPhoneNumbersTable {
  organization_id: string;
  id: Generated<string>;
  phone_number: string;
  label: Optional<string>;
  is_active: Generated<boolean>;
  is_primary: Generated<boolean>;
  created_at: Timestamp;
}

export interface UserPhoneAssignmentsTable {
  organization_id: string;
  user_id: string;
  phone_number: string;
  is_default: Generated<boolean>;
  created_at: Timestamp;
}

export type CallStatusColumn = 'initiated' | 'ringing' | 'in-progress' | 'completed' | 'failed' | 'busy' | 'no-answer' | 'canceled';

export interface CallsTable {
  organization_id: string;
  id: Generated<string>;
  lead_id: string;
  user_id: Optional<string>;
  from_e164: string;
  to_e164: string;
  provider: 'demo' | 'twilio';
  call_sid: string;
  connection_sid: Optional<string>;
  status: ColumnType<CallStatusColumn, CallStatusColumn | undefined, CallStatusColumn>;
  started_at: Timestamp;
  answered_at: Optional<Date>;
  ended_at: Optional<Date>;
  duration_sec: Optional<number>;
  disposition: Optional<string>;
  notes: Optional<string>;
  completed_at: Optional<Date>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type CallEventKind = 'dial_allowed' | 'dial_refused' | 'status' | 'completed' | 'hours_override_changed' | 'mute' | 'dtmf';

export interface CallEventsTable {
  organization_id: string;
  id: Generated<string>;
  lead_id: Optional<string>;
  user_id: Optional<string>;
  call_id: Optional<string>;
  kind: CallEventKind;
  reason: Optional<string>;
  details: JsonWithDefault<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface TwilioStatusEventsTable {
  organization_id: string;
  call_sid: string;
  sequence_number: number;
  call_id: string;
  status: string;
  received_at: Timestamp;
}

export interface CallTranscriptionsTable {
  organization_id: string;
  id: Generated<string>;
  call_id: string;
  call_sid: string;
  transcript: string;
  timestamp: ColumnType<Date | string, Date | string, Date | string>;
  confidence: number;
  speaker: 'agent' | 'lead';
  is_partial: boolean;
  sequence: number;
  source: 'twilio' | 'demo';
  created_at: Timestamp;
}

export interface AiTasksTable {
  organization_id: string;
  id: Generated<string>;
  lead_id: string;
  call_id: Optional<string>;
  task_type: ColumnType<'follow_up', 'follow_up' | undefined, 'follow_up'>;
  proposed_time: Optional<Date>;
  status: ColumnType<'pending' | 'done', 'pending' | 'done' | undefined, 'pending' | 'done'>;
  suggested_message: Optional<string>;
  reason: Optional<string>;
  created_by: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DB {
  organization_phone_numbers: OrganizationPhoneNumbersTable;
  user_phone_assignments: UserPhoneAssignmentsTable;
  calls: CallsTable;
  call_events: CallEventsTable;
  twilio_status_events: TwilioStatusEventsTable;
  call_transcriptions: CallTranscriptionsTable;
  ai_tasks: AiTasksTable;
  leads: LeadsTable;
  buyers: BuyersTable;
  conversations: ConversationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  mail_outbox: MailOutboxTable;
  organizations: OrganizationsTable;
  user_profiles: UserProfilesTable;
  organization_settings: OrganizationSettingsTable;
  invitations: InvitationsTable;
  activity_logs: ActivityLogsTable;
  system_notifications: SystemNotificationsTable;
  schema_migrations: SchemaMigrationsTable;
}
