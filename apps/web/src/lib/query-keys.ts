/**
 * Every TanStack Query key of the web app, in one place. A key starts with the table whose row changes make it
 * stale: the realtime feed (`lib/realtime.ts`) invalidates `[event.table]`, so a key rooted anywhere else would
 * never refresh on a change. Keys no table backs (the session, `/api/me`, the maps key, AI health, the public
 * status, an invitation preview) start with a name no table has.
 */
import type { AnalyticsQuery, DrillMetric } from '@wholesail/domain';
import type { BuyerFilters } from '@/features/buyers/buyers-api';
import type { DealFilters } from '@/features/deals/deals-api';
import type { LeadFilters } from '@/features/leads/leads-api';
import type { FeedFilters } from '@/features/orchestrator/orchestrator-api';
import type { ReferralFilters } from '@/features/referrals/referrals-api';
import { SESSION_KEY } from './session-key';

export const queryKeys = {
  leads: {
    all: ['leads'] as const,
    list: (filters: LeadFilters) => ['leads', 'list', filters] as const,
    detail: (id: string) => ['leads', 'detail', id] as const,
    top: (limit: number) => ['leads', 'top', limit] as const,
    stats: ['leads', 'stats'] as const,
    deleted: ['leads', 'deleted'] as const,
    picker: (term: string) => ['leads', 'picker', term] as const,
  },
  /** A lead's comparable sales for one search (its API path): sales are leads, so lead changes refresh them. */
  comps: (leadId: string, path: string) => ['leads', 'comps', leadId, path] as const,
  leadImports: { detail: (id: string) => ['lead_imports', id] as const },
  /** A lead's latest manual enrichment: its row settling (enriched, or failed with the reason) comes over the feed. */
  enrichment: { lead: (leadId: string) => ['enrichment_batch_leads', 'lead', leadId] as const },
  analyses: { conversation: (conversationId: string) => ['conversation_analyses', conversationId] as const },
  /** A lead's timeline: every insert of activity_logs (on the realtime feed) refreshes it. */
  activity: { lead: (leadId: string) => ['activity_logs', 'lead', leadId] as const },
  tasks: {
    all: ['ai_tasks'] as const,
    pending: (leadId?: string) => ['ai_tasks', 'pending', leadId ?? 'all'] as const,
  },
  /** The dashboard's Today: under ai_tasks, so a task marked done refreshes it; dashboard/today-api.ts adds the other tables it reads. */
  today: ['ai_tasks', 'today'] as const,
  conversations: {
    all: ['conversations'] as const,
    threads: ['conversations', 'threads'] as const,
    threadList: (search: string) => ['conversations', 'threads', search] as const,
    messages: (leadId: string) => ['conversations', 'messages', leadId] as const,
    /** Without `dnc`: every check of the lead. Keyed by the DNC flag too, so a STOP reply asks again at once. */
    check: (leadId: string, dnc?: boolean) =>
      dnc === undefined ? (['conversations', 'check', leadId] as const) : (['conversations', 'check', leadId, dnc] as const),
  },
  dnc: {
    all: ['dnc_numbers'] as const,
    list: (search: string, page: number) => ['dnc_numbers', 'list', search, page] as const,
  },
  calls: {
    all: ['calls'] as const,
    callerId: (leadId: string) => ['calls', 'caller-id', leadId] as const,
    /** Without `to`: every check of the lead (to invalidate them all). */
    check: (leadId: string, to?: string | null) =>
      to === undefined ? (['calls', 'check', leadId] as const) : (['calls', 'check', leadId, to ?? ''] as const),
    checks: ['calls', 'check'] as const,
    detail: (id: string) => ['calls', 'detail', id] as const,
    /** A finished call with its final transcript lines and stored analysis (GET /api/calls/:id/transcript). */
    transcript: (id: string) => ['calls', 'transcript', id] as const,
    /** The lead of a call by its sid (GET /api/calls/by-sid/:callSid/lead-context). */
    leadContext: (callSid: string) => ['calls', 'lead-context', callSid] as const,
    settings: ['calls', 'settings'] as const,
  },
  buyers: {
    all: ['buyers'] as const,
    list: (filters: BuyerFilters) => ['buyers', 'list', filters] as const,
    detail: (id: string) => ['buyers', 'detail', id] as const,
    /** Deals ranked for a buyer, and buyers ranked for a deal: under buyers, so a buyer's change refreshes both. */
    matches: (buyerId: string) => ['buyers', 'matches', buyerId] as const,
    dealMatches: (dealId: string) => ['buyers', 'deal-matches', dealId] as const,
    /** A deal's sends to buyers (not on the feed: a send refreshes it). */
    dealSends: (dealId: string) => ['buyers', 'deal-sends', dealId] as const,
    /** Every active buyer, for the deal's buyer select. */
    options: ['buyers', 'options'] as const,
  },
  /** Deals: offers, events and analyses refresh them too (realtime.ts); the deal defaults are a section of the organization's settings. */
  deals: {
    all: ['deals'] as const,
    lists: ['deals', 'list'] as const,
    list: (filters: DealFilters) => ['deals', 'list', filters] as const,
    detail: (id: string) => ['deals', 'detail', id] as const,
    openForLead: (leadId: string) => ['deals', 'open-for-lead', leadId] as const,
    timeline: (id: string) => ['deals', 'timeline', id] as const,
    /** The figures of the last `months` months, of one member's deals or (owner '') everyone's. */
    revenue: (months: number, owner: string | null) => ['deals', 'revenue', months, owner ?? ''] as const,
    analyses: (dealId: string) => ['deal_analyses', dealId] as const,
    settings: ['organization_settings', 'deals'] as const,
  },
  /** A deal's room, its invites and access log (those tables are not on the feed: mutations refresh them), and its buyers' offers (on the feed). */
  dealRooms: {
    all: ['deal_rooms'] as const,
    room: (dealId: string) => ['deal_rooms', dealId] as const,
    invites: (dealId: string) => ['deal_rooms', dealId, 'invites'] as const,
    views: (dealId: string) => ['deal_rooms', dealId, 'views'] as const,
  },
  buyerOffers: { deal: (dealId: string) => ['buyer_offers', dealId] as const },
  /** Realtor push: both tables are on the feed (a partner's answer through their link refreshes the list). */
  referrals: {
    all: ['referrals'] as const,
    list: (filters: ReferralFilters) => ['referrals', 'list', filters] as const,
    partners: ['referral_partners'] as const,
  },
  /** The referral as its partner opens it, signed out, through the emailed link. */
  publicReferral: (token: string) => ['public-referral', token] as const,
  /** The room as a signed-out buyer opens it: each load is a visit, so it is never refetched on its own. */
  publicRoom: (slug: string, invite: string | null, password: string | null) => ['public-deal-room', slug, invite ?? '', password ?? ''] as const,
  /** Automation: sequences (counts change with their enrolments), and a lead's enrolments with each step's state. */
  automation: {
    sequences: {
      all: ['sequences'] as const,
      list: ['sequences', 'list'] as const,
      detail: (id: string) => ['sequences', 'detail', id] as const,
    },
    /** Rooted at the enrolments: an enrolment, an exit, a removal or a step taken changes the enrolment's row. */
    enrolments: ['sequence_enrollments'] as const,
    leadAutomation: (leadId: string) => ['sequence_enrollments', 'lead', leadId] as const,
    /** Rules: a rule's change comes over the feed; its run counts change with automation_rule_runs. */
    rules: {
      all: ['automation_rules'] as const,
      list: ['automation_rules', 'list'] as const,
      /** A rule's dry run (a POST that changes nothing), asked again when the rule changes. */
      dryRun: (id: string) => ['automation_rules', 'dry-run', id] as const,
    },
  },
  /**
   * The orchestrator: no table backs it (it reads several, and pg-boss's jobs, which are not on the feed), so the
   * page asks again every few seconds and on the automation's row changes (orchestrator-api.ts).
   */
  orchestrator: {
    all: ['orchestrator'] as const,
    feeds: ['orchestrator', 'feed'] as const,
    feed: (filters: FeedFilters) => ['orchestrator', 'feed', filters] as const,
    diagnostics: ['orchestrator', 'diagnostics'] as const,
  },
  /** The setup checklist: it reads many tables, so it is asked again when the page opens (no feed key). */
  onboarding: ['onboarding'] as const,
  /** The Integrations screen: a recorded outcome (integration_status) or an AI status change (lib/realtime.ts) refreshes it. */
  integrations: ['integration_status'] as const,
  /** The developer page: API keys are not on the feed (only owners and admins see them); its own changes refresh it. */
  developer: {
    apiKeys: ['api_keys'] as const,
    /** Endpoints are on the feed (a disable by the server shows at once); deliveries are not: the log is read when opened. */
    webhookEndpoints: ['webhook_endpoints'] as const,
    webhookDeliveries: {
      endpoint: (endpointId: string) => ['webhook_deliveries', endpointId] as const,
      list: (endpointId: string, status: string) => ['webhook_deliveries', endpointId, status] as const,
    },
  },
  /** The member's own notifications: a system_notifications insert refreshes the bell. */
  notifications: {
    all: ['system_notifications'] as const,
    list: ['system_notifications', 'list'] as const,
  },
  /**
   * Analytics (issue 23): each report under the table whose row changes move it (texts live in conversations); the
   * funnel counts calls first, so it follows calls. A drill list follows the table of its records.
   */
  analytics: {
    calls: (query: AnalyticsQuery) => ['calls', 'analytics', query] as const,
    texts: (query: AnalyticsQuery) => ['conversations', 'analytics', query] as const,
    funnel: (query: AnalyticsQuery) => ['calls', 'analytics-funnel', query] as const,
    drill: (table: 'calls' | 'conversations' | 'deals' | 'leads', metric: DrillMetric, query: AnalyticsQuery) => [table, 'analytics-drill', metric, query] as const,
    /** Sources and lists count leads and deals (lib/realtime.ts refreshes them on a deal's change too). */
    sources: (query: AnalyticsQuery) => ['leads', 'analytics-sources', query] as const,
    /** Every range of the sources report (a spend saved changes them all). */
    allSources: ['leads', 'analytics-sources'] as const,
    /** The spend entered per source and month (not on the change feed: a save refreshes it). */
    spend: (year: number) => ['source_spend', year] as const,
  },
  /** Growth counts leads (and deals, lib/realtime.ts): a lead's change refreshes the report; a drill list follows its records' table. */
  growth: {
    report: (query: AnalyticsQuery) => ['leads', 'growth', query] as const,
    drill: (table: 'leads' | 'deals', path: string) => [table, 'growth-drill', path] as const,
  },
  /** The signals analytics count leads (migration 0038): a lead's change refreshes them. */
  signals: {
    report: ['leads', 'signals-analytics'] as const,
    leads: (key: string, measure: string) => ['leads', 'signals-analytics', key, measure] as const,
  },
  /** The reporting section of the organization's settings (time zone, daily goals). */
  reporting: ['organization_settings', 'reporting'] as const,
  phoneNumbers: ['organization_phone_numbers'] as const,
  phoneAssignments: ['user_phone_assignments'] as const,
  settings: ['organization_settings'] as const,
  members: ['user_profiles', 'members'] as const,
  invitations: ['invitations'] as const,
  organizations: ['organizations'] as const,
  session: SESSION_KEY,
  me: ['me'] as const,
  aiHealth: ['ai_health'] as const,
  mapsKey: ['maps', 'key'] as const,
  publicStatus: ['public-status'] as const,
  invitationPreview: (token: string) => ['invitation-preview', token] as const,
};
