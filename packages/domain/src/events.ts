/**
 * The events of the outbox (docs/architecture.md, "The event outbox"): what a change means to other modules,
 * stored by the transaction that makes the change and handed to subscribers after it committed. Each carries its
 * organization and the ids a subscriber needs to read the rest; none carries a copy of the record, which may have
 * changed again by the time the event is delivered.
 */
export type DomainEvent =
  | { type: 'lead.created'; organizationId: string; leadId: string; source: string | null }
  /** `status`: the status the change set, when it set a new one (a status rule reads it, not the lead as delivered). */
  | { type: 'lead.updated'; organizationId: string; leadId: string; fields: string[]; status?: string; cause?: EventCause }
  | { type: 'lead.deleted'; organizationId: string; leadId: string }
  | { type: 'lead.dnc_added'; organizationId: string; leadId: string; numbers: string[] }
  | { type: 'call.completed'; organizationId: string; callId: string; leadId: string; outcome: string }
  | { type: 'text.received'; organizationId: string; conversationId: string; leadId: string }
  | { type: 'text.sent'; organizationId: string; conversationId: string; leadId: string }
  | { type: 'task.created'; organizationId: string; taskId: string; leadId: string; callId: string | null }
  | { type: 'import.finished'; organizationId: string; importId: string }
  | { type: 'deal.created'; organizationId: string; dealId: string; leadId: string }
  | { type: 'deal.stage_changed'; organizationId: string; dealId: string; leadId: string; from: string; to: string }
  /** A buyer made an offer from a deal's room (public: no member made it). */
  | { type: 'buyer_offer.received'; organizationId: string; dealId: string; offerId: string }
  /** A member's manual enrichment of one or more leads has run every lead (each enriched, skipped or failed). */
  | { type: 'enrichment.batch_finished'; organizationId: string; batchId: string; requestedBy: string | null };

/**
 * Set on a change an automation rule's action made: the rules that led to it (the acting rule, and the rules whose
 * actions triggered it in turn). None of them fires on the event again, so rules cannot loop (docs/api-automation.md).
 */
export interface EventCause {
  rules: string[];
}

export type DomainEventType = DomainEvent['type'];

/** The event of one type, e.g. EventOf<'lead.created'>. */
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
