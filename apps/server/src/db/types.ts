import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | T, string | T>;

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
  html_body: string | null;
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
  invited_by: string | null;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_by: string | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface ActivityLogsTable {
  organization_id: string;
  id: Generated<string>;
  actor_id: string | null;
  action: string;
  entity_type: string | null;
  entity_id: string | null;
  details: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface SystemNotificationsTable {
  organization_id: string;
  id: Generated<string>;
  user_id: string | null;
  level: ColumnType<'info' | 'success' | 'warning' | 'error', 'info' | 'success' | 'warning' | 'error' | undefined>;
  title: string;
  body: string | null;
  read_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}

export interface DB {
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
