import type { DomainEvent, WebhookEventType } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { AppError } from '../../http/errors';
import { findCall, toCall } from '../calls/repo';
import { findMessage } from '../conversations/repo';
import { listBuyerOffers } from '../deal-rooms/offers';
import { readDeal } from '../deals/service';
import { findLead } from '../leads/repo';
import { leadRecord } from '../leads/service';
import { findTask } from '../tasks/repo';

/**
 * The outbox events that become webhooks, by their public name. The outbox's `buyer_offer.received` is published as
 * `offer.received` (docs/api-webhooks.md); every other keeps its name.
 */
export const WEBHOOK_EVENT_OF = {
  'lead.created': 'lead.created',
  'lead.updated': 'lead.updated',
  'lead.dnc_added': 'lead.dnc_added',
  'call.completed': 'call.completed',
  'text.received': 'text.received',
  'text.sent': 'text.sent',
  'task.created': 'task.created',
  'deal.stage_changed': 'deal.stage_changed',
  'buyer_offer.received': 'offer.received',
} as const satisfies Partial<Record<DomainEvent['type'], WebhookEventType>>;

export type WebhookSourceEvent = Extract<DomainEvent, { type: keyof typeof WEBHOOK_EVENT_OF }>;

/** A record the event names, or null when it is gone by now (a 404 of its module's read). */
async function orNull<T>(read: Promise<T | undefined>): Promise<T | null> {
  try {
    return (await read) ?? null;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

async function lead(tx: Tx, organizationId: string, id: string) {
  const row = await findLead(tx, organizationId, id);
  return row ? leadRecord(tx, organizationId, row, true) : null;
}

async function call(tx: Tx, organizationId: string, id: string) {
  const row = await findCall(tx, organizationId, id);
  return row ? toCall(row) : null;
}

async function offer(tx: Tx, organizationId: string, dealId: string, offerId: string) {
  const { items } = await listBuyerOffers(tx, organizationId, dealId);
  return items.find((o) => o.id === offerId);
}

/**
 * A webhook's `data`: the event's ids (snake_case, as the API writes them) and a snapshot of its record as the API
 * shows it (GET of the lead, call, text, task, deal or offer), read in the organization's transaction when the event
 * is fanned out. A record deleted since is null.
 */
export async function eventData(tx: Tx, event: WebhookSourceEvent): Promise<Record<string, unknown>> {
  const org = event.organizationId;
  switch (event.type) {
    case 'lead.created':
      return { lead_id: event.leadId, source: event.source, lead: await lead(tx, org, event.leadId) };
    case 'lead.updated':
      return { lead_id: event.leadId, fields: event.fields, lead: await lead(tx, org, event.leadId) };
    case 'lead.dnc_added':
      return { lead_id: event.leadId, numbers: event.numbers, lead: await lead(tx, org, event.leadId) };
    case 'call.completed':
      return { call_id: event.callId, lead_id: event.leadId, outcome: event.outcome, call: await call(tx, org, event.callId) };
    case 'text.received':
    case 'text.sent':
      return { text_id: event.conversationId, lead_id: event.leadId, text: await orNull(findMessage(tx, org, event.conversationId)) };
    case 'task.created':
      return { task_id: event.taskId, lead_id: event.leadId, call_id: event.callId, task: await orNull(findTask(tx, org, event.taskId)) };
    case 'deal.stage_changed':
      return { deal_id: event.dealId, lead_id: event.leadId, from: event.from, to: event.to, deal: await orNull(readDeal(tx, org, event.dealId)) };
    case 'buyer_offer.received':
      return { deal_id: event.dealId, offer_id: event.offerId, offer: await orNull(offer(tx, org, event.dealId, event.offerId)) };
  }
}

/** The body of a delivery, per Standard Webhooks: `{type, timestamp, data}`. */
export const webhookBody = (type: WebhookEventType, at: Date, data: Record<string, unknown>) => JSON.stringify({ type, timestamp: at.toISOString(), data });
