import crypto from 'node:crypto';
import type { z } from 'zod';
import {
  formatListedDate, SEND_CHANNEL_LABELS, SEND_STOP_LINE, stateCode, type Buyer, type BuyerSend, type BuyerSendOutcome, type DealRoom, type SendChannel, type sendToBuyersBody,
} from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import type { RequestContext } from '../../http/context';
import { badRequest, conflict } from '../../http/errors';
import type { MailProvider } from '../../providers/mail';
import type { ConversationsModule } from '../conversations/service';
import { recordEvent } from '../deals/events';
import { buyerRoomLink } from '../deal-rooms/links';
import { ensureRoom, type RoomContext } from '../deal-rooms/service';
import { buyerLabel } from '../deal-rooms/repo';
import * as repo from './repo';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe';

export interface SendDeps {
  mail: MailProvider;
  conversations: ConversationsModule;
  publicUrl: string;
  /** The server's auth secret: it signs the unsubscribe links. */
  secret: string;
}

export const SEND_MESSAGES = {
  noEmail: 'This buyer has no email address',
  noPhone: 'This buyer has no phone number',
  optedOut: (at: Date | string) => `This buyer unsubscribed from deal emails on ${formatListedDate(at)}`,
  alreadySent: (at: Date | string) => `Already sent on ${formatListedDate(at)}`,
} as const;

const money = (n: number | null) => (n === null ? null : `$${Math.round(n).toLocaleString('en-US')}`);

/** The email a buyer gets: the deal's headline and asking price, the agent's note, the buyer's own link, the unsubscribe link. */
export function dealMail(room: DealRoom, buyer: Buyer, a: { link: string; message: string | null; unsubscribe: string; organizationName: string }) {
  const headline = room.headline ?? 'A new deal';
  const price = money(room.asking_price);
  return {
    to: buyer.primary_email!,
    subject: price ? `New deal: ${headline} — ${price}` : `New deal: ${headline}`,
    text: [
      `Hello ${buyer.contact_name},`,
      '',
      `${headline}${price ? `, asking ${price}` : ''}.`,
      ...(a.message ? ['', a.message] : []),
      '',
      `See the photos, numbers and make an offer: ${a.link}`,
      '',
      a.organizationName,
      '',
      `You get this because you are on ${a.organizationName}'s buyers list. Unsubscribe: ${a.unsubscribe}`,
    ].join('\n'),
  };
}

/** The text a buyer gets: short, the link, and the opt-out line every text ends with. */
export function dealText(room: DealRoom, a: { link: string; message: string | null; organizationName: string }) {
  const price = money(room.asking_price);
  const lead = `${a.organizationName}: ${room.headline ?? 'New deal'}${price ? `, asking ${price}` : ''}.`;
  return [lead, ...(a.message ? [a.message] : []), a.link, SEND_STOP_LINE].join(' ');
}

type Planned = { buyer: Buyer; channel: SendChannel; id: string; link: string | null; outcome: BuyerSendOutcome };

/** The latest send of each buyer and channel of the deal that reached them. */
async function lastSent(tx: Tx, organizationId: string, dealId: string, buyerIds: string[]) {
  const rows = await tx
    .selectFrom('buyer_sends')
    .select(['buyer_id', 'channel', (eb) => eb.fn.max('created_at').as('at')])
    .where('organization_id', '=', organizationId)
    .where('deal_id', '=', dealId)
    .where('buyer_id', 'in', buyerIds)
    .where('status', '=', 'sent')
    .groupBy(['buyer_id', 'channel'])
    .execute();
  return new Map(rows.map((r) => [`${r.buyer_id}:${r.channel}`, r.at as Date | string]));
}

/**
 * Decides each buyer and channel in one transaction (the room created when missing, each buyer's own link): skipped when
 * sent before and not `resend`, refused without an address or after an email opt-out, else to send.
 */
async function plan(tx: Tx, ctx: RoomContext, dealId: string, body: z.output<typeof sendToBuyersBody>) {
  const room = await ensureRoom(tx, ctx, dealId);
  const ids = [...new Set(body.buyer_ids)];
  const buyers = (await Promise.all(ids.map((id) => repo.findBuyer(tx, ctx.organizationId, id)))).filter((b): b is Buyer => b !== null);
  if (buyers.length !== ids.length) throw badRequest('buyer_ids: one or more buyers are not in this organization');
  const optedOut = new Map(
    (await tx.selectFrom('buyers').select(['id', 'email_opted_out_at']).where('organization_id', '=', ctx.organizationId).where('id', 'in', ids).execute()).map((r) => [r.id, r.email_opted_out_at]),
  );
  const sent = await lastSent(tx, ctx.organizationId, dealId, ids);
  const org = await tx.selectFrom('organizations').select('name').where('id', '=', ctx.organizationId).executeTakeFirstOrThrow();
  const planned: Planned[] = [];
  for (const buyer of buyers) {
    for (const channel of [...new Set(body.channels)]) {
      const outcome = (status: BuyerSendOutcome['status'], reason: string | null, link: string | null = null): BuyerSendOutcome =>
        ({ buyer_id: buyer.id, buyer_name: buyerLabel(buyer.contact_name, buyer.company_name), channel, status, reason, link });
      const before = sent.get(`${buyer.id}:${channel}`);
      const opted = optedOut.get(buyer.id);
      const id = crypto.randomUUID();
      if (before && !body.resend) planned.push({ buyer, channel, id, link: null, outcome: outcome('skipped', SEND_MESSAGES.alreadySent(before)) });
      else if (channel === 'email' && !buyer.primary_email) planned.push({ buyer, channel, id, link: null, outcome: outcome('refused', SEND_MESSAGES.noEmail) });
      else if (channel === 'email' && opted) planned.push({ buyer, channel, id, link: null, outcome: outcome('refused', SEND_MESSAGES.optedOut(opted)) });
      else if (channel === 'sms' && !buyer.primary_phone) planned.push({ buyer, channel, id, link: null, outcome: outcome('refused', SEND_MESSAGES.noPhone) });
      else {
        const link = await buyerRoomLink(tx, ctx, room, buyer.id);
        planned.push({ buyer, channel, id, link, outcome: outcome('sent', null, link) });
      }
    }
  }
  return { room, planned, organizationName: org.name };
}

/** A buyer's calling hours are judged in their one market when the buy box names exactly one state (else the strictest window). */
const buyerLocation = (buyer: Buyer) => ({
  state: buyer.buy_box.states.length === 1 ? stateCode(buyer.buy_box.states[0]) : null,
  zip: buyer.buy_box.states.length === 1 && buyer.buy_box.zip_codes.length === 1 ? buyer.buy_box.zip_codes[0]! : null,
});

/**
 * POST /api/deals/:id/send: each buyer and channel decided (plan), then the emails through the mail provider and the
 * texts through the compliance gate (ConversationsModule.textNumber), then every outcome but a skip recorded in
 * buyer_sends and the whole summarised on the deal's timeline.
 */
export async function sendToBuyers(deps: SendDeps, ctx: RequestContext, dealId: string, body: z.output<typeof sendToBuyersBody>): Promise<BuyerSendOutcome[]> {
  // A second send of the same deal while one is under way (a double click) would plan before the first records.
  const key = `${ctx.organizationId}:${dealId}`;
  if (sendsUnderWay.has(key)) throw conflict(SEND_UNDER_WAY, 'SEND_UNDER_WAY');
  sendsUnderWay.add(key);
  try {
    return await sendNow(deps, ctx, dealId, body);
  } finally {
    sendsUnderWay.delete(key);
  }
}

const sendsUnderWay = new Set<string>();
export const SEND_UNDER_WAY = 'This deal is being sent to buyers already: wait for that send to finish';

async function sendNow(deps: SendDeps, ctx: RequestContext, dealId: string, body: z.output<typeof sendToBuyersBody>): Promise<BuyerSendOutcome[]> {
  const roomCtx = { ...ctx, publicUrl: deps.publicUrl };
  const { room, planned, organizationName } = await ctx.write((tx) => plan(tx, roomCtx, dealId, body));
  const message = body.message || null;
  for (const p of planned) {
    if (p.outcome.status !== 'sent') continue;
    if (p.channel === 'email') {
      const unsubscribe = unsubscribeUrl(deps.publicUrl, unsubscribeToken(deps.secret, ctx.organizationId, p.buyer.id));
      await deps.mail.send({ ...dealMail(room, p.buyer, { link: p.link!, message, unsubscribe, organizationName }), organizationId: ctx.organizationId }).catch((error: unknown) => {
        p.outcome = { ...p.outcome, status: 'failed', reason: error instanceof Error ? `The email could not be sent: ${error.message}` : 'The email could not be sent' };
      });
    } else {
      const text = await deps.conversations.textNumber(ctx, { id: p.id, to: p.buyer.primary_phone!, body: dealText(room, { link: p.link!, message, organizationName }), location: buyerLocation(p.buyer) });
      if (text.status !== 'sent') p.outcome = { ...p.outcome, status: text.status, reason: text.reason };
    }
  }
  const recorded = planned.filter((p) => p.outcome.status !== 'skipped');
  await ctx.write(async (tx) => {
    if (recorded.length === 0) return;
    await tx
      .insertInto('buyer_sends')
      .values(recorded.map((p) => ({
        organization_id: ctx.organizationId, id: p.id, deal_id: dealId, buyer_id: p.buyer.id, channel: p.channel,
        status: p.outcome.status as 'sent' | 'refused' | 'failed', reason: p.outcome.reason, link: p.link, sent_by: ctx.user.id,
      })))
      .execute();
    await recordEvent(tx, ctx, dealId, 'room', sendSummary(planned.map((p) => p.outcome)));
  });
  return planned.map((p) => p.outcome);
}

/** "Sent to matched buyers: 3 by email, 2 by text; 1 refused; 2 skipped (already sent)". */
export function sendSummary(outcomes: readonly BuyerSendOutcome[]): string {
  const count = (f: (o: BuyerSendOutcome) => boolean) => outcomes.filter(f).length;
  const by = (['email', 'sms'] as const)
    .map((c) => [c, count((o) => o.status === 'sent' && o.channel === c)] as const)
    .filter(([, n]) => n > 0)
    .map(([c, n]) => `${n} by ${SEND_CHANNEL_LABELS[c]}`);
  const rest = [
    [count((o) => o.status === 'refused'), 'refused'],
    [count((o) => o.status === 'failed'), 'failed'],
    [count((o) => o.status === 'skipped'), 'skipped (already sent)'],
  ].filter(([n]) => (n as number) > 0).map(([n, label]) => `${n} ${label}`);
  return `Sent to matched buyers: ${[by.length > 0 ? by.join(', ') : 'nothing sent', ...rest].join('; ')}`;
}

/** GET /api/deals/:id/sends: the deal's sends, newest first (404 for an unknown deal: the caller checks). */
export async function listSends(tx: Tx, organizationId: string, dealId: string): Promise<BuyerSend[]> {
  const rows = await tx
    .selectFrom('buyer_sends as s')
    .innerJoin('buyers as b', (j) => j.onRef('b.organization_id', '=', 's.organization_id').onRef('b.id', '=', 's.buyer_id'))
    .leftJoin('users as u', 'u.id', 's.sent_by')
    .select(['s.id', 's.buyer_id', 's.channel', 's.status', 's.reason', 's.link', 's.created_at', 'b.contact_name', 'b.company_name', 'u.name as sent_by_name'])
    .where('s.organization_id', '=', organizationId)
    .where('s.deal_id', '=', dealId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id')
    .limit(2000)
    .execute();
  return rows.map((r) => ({
    id: r.id, buyer_id: r.buyer_id, buyer_name: buyerLabel(r.contact_name, r.company_name), channel: r.channel, status: r.status,
    reason: r.reason, link: r.link, sent_by_name: r.sent_by_name, created_at: iso(r.created_at),
  }));
}
