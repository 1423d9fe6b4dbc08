import { sql } from 'kysely';
import { beforeAll, expect } from 'vitest';
import { API_KEY_SCOPES } from '@wholesail/domain';
import { withSystem } from '../../src/db/scope';
import { DAYTIME, waitFor } from '../calling';
import { ORIGIN, useTestApp, type DbKind, type TestApp } from '../harness';
import { routeCollector } from './routes';
import { listenLocally } from './sockets';

/** Demo line and demo texting fast enough for a seeded call and a text with its reply to finish in a moment. */
export const FAST_DEMO_ENV = { DEMO_RING_MS: '10', DEMO_MS_PER_WORD: '1', DEMO_SMS_DELIVERY_MS: '10', DEMO_SMS_REPLY_MS: '20' };

/** Values an organization's records are seeded with, distinctive enough to be searched for in any response. */
export interface OrgLook {
  name: string;
  firstName: string;
  lastName: string;
  street: string;
  /** 10 digits of the lead's phone. */
  phone: string;
  /** The organization's caller-ID number. */
  from: string;
  buyer: string;
  buyerEmail: string;
  text: string;
  notes: string;
  imported: string;
  invitee: string;
}

export const LOOK_A: OrgLook = {
  name: 'Alder Proof Realty', firstName: 'Archibald', lastName: 'Quillfeather', street: '11 Amberline Court', phone: '5125554411',
  from: '+15125550411', buyer: 'Amberline Capital Partners', buyerEmail: 'amberline.buyer@example.com', text: 'Archibald, still thinking about Amberline?',
  notes: 'Alder follow-up about the amber roof', imported: 'Ansel Marchbanks', invitee: 'alder.invitee@example.com',
};

export const LOOK_B: OrgLook = {
  name: 'Birch Proof Realty', firstName: 'Zebulon', lastName: 'Vexmoor', street: '987 Obsidian Heron Way', phone: '5125557788',
  from: '+15125550788', buyer: 'Marigold Vexley Capital', buyerEmail: 'marigold.vexley@example.com', text: 'Zebulon, is Obsidian Heron Way still for sale?',
  notes: 'Birch follow-up: heron pond survey', imported: 'Thaddeus Wrenfield', invitee: 'birch.invitee@example.com',
};

/** A 1×1 PNG: a deal room photo. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Every id (and id-like secret) of one seeded organization. */
export interface OrgIds {
  organizationId: string;
  userId: string;
  email: string;
  leadId: string;
  importedLeadId: string;
  leadPhone: string;
  buyerId: string;
  /** A deal of the lead under contract, with an offer and a saved analysis. */
  dealId: string;
  offerId: string;
  /** The deal's room (password protected: a visitor without the password or an invite is refused), its photo, the buyer's invite, a visit and the buyer's offer. */
  roomSlug: string;
  roomPhotoId: string;
  roomInviteId: string;
  roomInviteToken: string;
  roomViewId: string;
  buyerOfferId: string;
  /** A referral partner and the lead's referral to it (accepted), with the partner's signed link token. */
  referralPartnerId: string;
  referralId: string;
  referralToken: string;
  /** A sequence with the lead enrolled in it (its first step's run due). */
  sequenceId: string;
  /** An automation rule that enrols imported leads in the sequence: the import below runs it (a run of the imported lead). */
  ruleId: string;
  callId: string;
  callSid: string;
  taskId: string;
  /** The owner's notification of the finished import. */
  notificationId: string;
  conversationId: string;
  phoneNumberId: string;
  phoneNumber: string;
  /** A number on the organization's Do-Not-Contact list. */
  dncPhone: string;
  importId: string;
  pendingImportId: string;
  /** A finished manual enrichment of the lead (inserted directly: no proof app looks a property up). */
  enrichmentBatchId: string;
  /** A failed AI scoring job of the lead (written straight into pg-boss: no job of a proof app fails on its own), for the orchestrator's retry and discard. */
  failedJobId: string;
  invitationId: string;
  invitationToken: string;
  /** An API key of the owner with every scope, and its id. */
  apiKey: string;
  apiKeyId: string;
  /** A webhook endpoint (to a host that never resolves), its secret, and its test event's failed delivery. */
  webhookEndpointId: string;
  webhookSecret: string;
  webhookDeliveryId: string;
  transcriptionIds: string[];
  sessionToken: string;
}

export interface SeededOrg {
  ids: OrgIds;
  look: OrgLook;
  cookie: string;
  password: string;
}

/**
 * An organization with a record in every table the API writes: caller-ID number and default, a lead, a buyer,
 * a demo call with its transcript, completed with a follow-up task and its transcript analyzed, a text with the demo seller's reply and its
 * analysis, an AI score, a finished manual enrichment, a listed number, an invitation, a CSV import and a second one awaiting its mapping. Automatic AI jobs are switched off, so nothing changes
 * the rows after this returns. The demo clocks are set to a daytime in Texas.
 */
export async function seedOrg(t: TestApp, look: OrgLook): Promise<SeededOrg> {
  const owner = await t.createOrg(look.name);
  const cookie = owner.cookie;
  t.app.services.calls.clock = () => DAYTIME;
  t.app.services.conversations.clock = () => DAYTIME;
  const ok = async (method: Parameters<TestApp['request']>[0], url: string, body?: unknown, status = 200) => {
    const res = await t.request(method, url, { cookie, body });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.statusCode === 204 ? null : res.json();
  };

  await ok('PUT', '/api/organization/settings', {
    aiIntegration: { enableAutoEnrichment: false, enableSmartScoring: false, enableConversationAnalysis: false },
  });
  const number = await ok('POST', '/api/phone-numbers', { phone_number: look.from, label: `${look.name} line`, is_primary: true }, 201);
  await ok('PUT', '/api/phone-assignments/default', { phone_number: look.from });
  const lead = await ok('POST', '/api/leads', {
    owner_1_name: `${look.firstName} ${look.lastName}`, owner_1_first_name: look.firstName, owner_1_last_name: look.lastName,
    property_address_full: `${look.street}, Austin, TX 78701`, property_address: look.street, property_address_city: 'Austin',
    property_address_state: 'TX', property_address_zipcode: '78701', contact_1_phone1: look.phone, estimated_value: 412_000, motivation_score: 7,
  }, 201);
  const buyer = await ok('POST', '/api/buyers', { contact_name: look.buyer, company_name: look.buyer, primary_email: look.buyerEmail, notes: look.notes }, 201);
  await ok('POST', `/api/leads/${lead.id}/ai-score`);

  // A demo call, spoken to the end, completed with a follow-up.
  const call = await ok('POST', '/api/calls', { lead_id: lead.id, from_e164: look.from, to_e164: `+1${look.phone}` }, 201);
  await waitFor(() => ok('GET', `/api/calls/${call.call_id}`), (c) => c.status === 'completed', 'the demo call to end');
  const followUpAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
  await ok('POST', `/api/calls/${call.call_id}/complete`, { outcome: 'callback_requested', followUpAt, notes: look.notes, durationMs: 60_000 });
  const tasks = await ok('GET', `/api/tasks?leadId=${lead.id}`);
  expect(tasks.items).toHaveLength(1);
  // The finished call's transcript analyzed (inline, without a language model).
  await ok('POST', `/api/calls/${call.call_id}/analyze`);

  // A text and the demo seller's reply, then its analysis (inline, without a language model).
  const text = await ok('POST', '/api/conversations', { lead_id: lead.id, body: look.text }, 201);
  await waitFor(
    () => ok('GET', `/api/conversations?lead_id=${lead.id}`),
    (r) => r.items.length === 2 && r.items[0].status === 'delivered',
    'the text to be delivered and answered',
  );
  await ok('POST', `/api/conversations/${text.id}/analyze`);

  // A deal on the lead: an analysis, an accepted offer, under contract with its deadline tasks.
  const deal = await ok('POST', '/api/deals', { lead_id: lead.id, asking_price: 300_000, title_company: `${look.name} Title`, notes: `${look.notes} (deal)` }, 201);
  await ok('POST', `/api/deals/${deal.id}/analyses`, { inputs: { note: `${look.notes} (analysis)` }, arv: 400_000, repair_estimate: 40_000, target_fee: 12_000 }, 201);
  const offer = await ok('POST', `/api/deals/${deal.id}/seller-offers`, { amount: 230_000, terms: `${look.notes} (offer)` }, 201);
  await ok('PATCH', `/api/deals/${deal.id}/seller-offers/${offer.id}`, { status: 'accepted' });
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  await ok('POST', `/api/deals/${deal.id}/stage`, { stage: 'under_contract', fields: { earnest_money: 1000, earnest_money_due: inDays(2), inspection_ends: inDays(10), closing_date: inDays(30) } });

  // Its deal room, password protected, with a photo, the buyer's invite, the buyer's visit and an offer taken by the agent.
  const room = await ok('POST', `/api/deals/${deal.id}/room`, { access: 'password', password: `${look.notes} (room)`, description: `${look.notes} (room)` }, 201);
  const photo = await t.app.inject({
    method: 'POST', url: `/api/deals/${deal.id}/room/photos?caption=${encodeURIComponent(look.street)}`, headers: { origin: ORIGIN, cookie, 'content-type': 'image/png' }, payload: TINY_PNG,
  });
  expect(photo.statusCode, photo.body).toBe(201);
  const [invite] = (await ok('POST', `/api/deals/${deal.id}/room/invites`, { buyer_ids: [buyer.id] }, 201)).items;
  const roomInviteToken = new URL(invite.url).searchParams.get('invite')!;
  const visit = await ok('GET', `/api/public/deal-rooms/${room.slug}?invite=${roomInviteToken}`);
  const buyerOffer = await ok('POST', `/api/deals/${deal.id}/offers`, { buyer_id: buyer.id, amount: 250_000, earnest_money: 5_000, close_by: inDays(20), financing: 'cash', message: `${look.notes} (buyer offer)` }, 201);
  // The deal sent to the buyer by email (a row of buyer_sends).
  await ok('POST', `/api/deals/${deal.id}/send`, { buyer_ids: [buyer.id], channels: ['email'], message: `${look.notes} (send)` });

  // A referral partner and the lead referred to it, accepted through the partner's link.
  const partner = await ok('POST', '/api/referral-partners', { name: look.buyer, license_number: `${look.phone} (licence)`, license_state: 'TX', email: look.buyerEmail, notes: `${look.notes} (partner)` }, 201);
  const referral = await ok('POST', '/api/referrals', { partner_id: partner.id, lead_id: lead.id, note: `${look.notes} (referral)` }, 201);
  const referralToken = referral.link.split('/referrals/')[1];
  await ok('POST', `/api/public/referrals/${referralToken}/respond`, { decision: 'accept' });

  // A sequence and the lead enrolled in it.
  const sequence = await ok('POST', '/api/sequences', { name: `${look.notes} (sequence)`, steps: [{ kind: 'email', delay_minutes: 60, subject: look.street, body: look.text }] }, 201);
  expect(await ok('POST', `/api/sequences/${sequence.id}/enrollments`, { lead_ids: [lead.id] })).toEqual({ enrolled: 1, skipped: [] });
  const rule = await ok('POST', '/api/automation-rules', {
    name: `${look.notes} (rule)`, trigger: { type: 'lead_imported' }, actions: [{ type: 'enrol', sequence_id: sequence.id }],
  }, 201);

  // A number on the Do-Not-Contact list.
  const dncPhone = `+1512555${look.phone.slice(-4, -2)}97`;
  await ok('POST', '/api/dnc', { phone: dncPhone, reason: `${look.notes} (DNC)` }, 201);
  // This month's spend on a source (source_spend).
  await ok('PUT', '/api/analytics/spend', { source: `${look.notes} (source)`, month: new Date().toISOString().slice(0, 7), amount: 250 });

  // An API key with every scope.
  const apiKey = await ok('POST', '/api/api-keys', { name: `${look.notes} (key)`, scopes: [...API_KEY_SCOPES] }, 201);

  // A webhook endpoint and its test event, which fails at once: a .invalid host never resolves (no retries for a test).
  const hookHost = `${look.name.split(' ')[0]!.toLowerCase()}-proof.webhooks.invalid`;
  const hook = await ok('POST', '/api/webhook-endpoints', { url: `https://${hookHost}/in`, events: ['offer.received'], description: `${look.notes} (webhook)` }, 201);
  const hookDelivery = await ok('POST', `/api/webhook-endpoints/${hook.id}/test`, undefined, 202);

  // An invitation; its token is in the mail outbox.
  const invitation = await ok('POST', '/api/organization/invitations', { email: look.invitee }, 201);
  const mail = await t.database.db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', look.invitee).executeTakeFirstOrThrow();
  const invitationToken = new URL(mail.text_body.match(/http\S+/)![0]).pathname.split('/').pop()!;

  // A CSV import with one more lead.
  const [first, last] = look.imported.split(' ');
  const csv = `First Name,Last Name,Property Address,Property City,Property State,Property Zip,Phone 1\r\n${first},${last},${look.street} Annex,Austin,TX,78701,512-555-${look.phone.slice(-4, -2)}99\r\n`;
  const upload = async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/leads/import?filename=proof.csv', headers: { origin: ORIGIN, cookie, 'content-type': 'text/csv' }, payload: csv,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const preview = await upload();
  // A second upload stays awaiting its mapping (its file is kept until it runs).
  const pending = await upload();
  await ok('POST', `/api/leads/import/${preview.id}/start`, { mapping: preview.proposed_mapping }, 202);
  const done = await waitFor(() => ok('GET', `/api/leads/import/${preview.id}`), (s) => s.status === 'completed' || s.status === 'failed', 'the import');
  expect(done).toMatchObject({ status: 'completed', inserted: 1 });

  // The import's notification is made by the outbox's delivery; its lead goes through the rule (a run, an enrolment).
  await settled(t);
  expect((await ok('GET', `/api/automation-rules/${rule.id}`)).runs.applied).toBe(1);
  const ids = await withSystem(t.database.db, async (tx) => {
    const org = owner.organizationId;
    const notification = await tx.selectFrom('system_notifications').select('id').where('organization_id', '=', org).where('user_id', '=', owner.userId).executeTakeFirstOrThrow();
    const imported = await tx.selectFrom('leads').select('id').where('organization_id', '=', org).where('owner_1_last_name', '=', last!).executeTakeFirstOrThrow();
    const callRow = await tx.selectFrom('calls').select('call_sid').where('id', '=', call.call_id).executeTakeFirstOrThrow();
    const chunks = await tx.selectFrom('call_transcriptions').select('id').where('organization_id', '=', org).execute();
    const session = await tx.selectFrom('sessions').select('token').where('user_id', '=', owner.userId).executeTakeFirstOrThrow();
    const batch = await tx.insertInto('enrichment_batches')
      .values({ organization_id: org, requested_by: owner.userId, priority: 'normal', total: 1, failed: 1, finished_at: new Date() }).returning('id').executeTakeFirstOrThrow();
    await tx.insertInto('enrichment_batch_leads')
      .values({ organization_id: org, batch_id: batch.id, lead_id: lead.id, state: 'failed', message: `${look.notes} (enrichment)`, finished_at: new Date() }).execute();
    return {
      notificationId: notification.id, importedLeadId: imported.id, callSid: callRow.call_sid, transcriptionIds: chunks.map((c) => c.id), sessionToken: session.token,
      enrichmentBatchId: batch.id,
    };
  });
  expect(ids.transcriptionIds.length).toBeGreaterThan(3);
  const failedJob = await sql<{ id: string }>`
    insert into pgboss.job (name, data, state, output, started_on, completed_on, policy)
    values ('lead.ai-score', ${JSON.stringify({ organizationId: owner.organizationId, leadId: lead.id, requestedAt: new Date().toISOString(), trigger: 'auto' })}::jsonb,
      'failed', ${JSON.stringify({ message: `${look.notes} (job)` })}::jsonb, now(), now(), 'stately')
    returning id`.execute(t.database.db);
  await settled(t);
  return {
    cookie,
    password: owner.password,
    look,
    ids: {
      organizationId: owner.organizationId, userId: owner.userId, email: owner.email, leadId: lead.id, leadPhone: `+1${look.phone}`, buyerId: buyer.id,
      dealId: deal.id, offerId: offer.id,
      roomSlug: room.slug, roomPhotoId: photo.json().id, roomInviteId: invite.id, roomInviteToken, roomViewId: visit.view_id, buyerOfferId: buyerOffer.id,
      referralPartnerId: partner.id, referralId: referral.referral.id, referralToken,
      sequenceId: sequence.id,
      ruleId: rule.id,
      callId: call.call_id, taskId: tasks.items[0].id, conversationId: text.id, phoneNumberId: number.id, phoneNumber: look.from, dncPhone,
      importId: preview.id, pendingImportId: pending.id, invitationId: invitation.invitation.id, invitationToken, apiKey: apiKey.key, apiKeyId: apiKey.id, failedJobId: failedJob.rows[0]!.id,
      webhookEndpointId: hook.id, webhookSecret: hook.secret, webhookDeliveryId: hookDelivery.id, ...ids,
    },
  };
}

/**
 * Waits until no job of the queue is due or running and every event is delivered: nothing is left to change a seeded
 * row. A job held for later (a sequence step due in an hour) does not run during the suite.
 */
export async function settled(t: TestApp): Promise<void> {
  await waitFor(
    async () => (await sql<{ n: number }>`
      select (select count(*) from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now())::int
        + (select count(*) from outbox where delivered_at is null)::int as n`.execute(t.database.db)).rows[0]!.n,
    (n) => n === 0,
    'the job queue to settle',
  );
}

/** Ids of one organization and the values it was seeded with (at least 8 characters each), as searched for in responses. */
export async function secretsOf(t: TestApp, org: SeededOrg): Promise<string[]> {
  const { ids, look } = org;
  const transcripts = await withSystem(t.database.db, (tx) =>
    tx.selectFrom('call_transcriptions').select('transcript').where('organization_id', '=', ids.organizationId).execute(),
  );
  const values = [
    ...Object.values(ids).flat(),
    look.name, look.firstName, look.lastName, look.street, look.phone, look.buyer, look.buyerEmail, look.text, look.notes, look.imported, look.invitee,
    // The demo script is the same for every lead: only the lines naming this lead are its own.
    ...transcripts.map((r) => r.transcript).filter((line) => line.includes(look.firstName) || line.includes(look.street)),
  ];
  return [...new Set(values.filter((v) => v.length >= 8))];
}

/**
 * The proof suites' app: every route collected as it is registered, listening on a local port (websockets), and
 * the organizations of `looks` seeded before the suite (`a` is the first, `b` the second).
 */
export function useProofApp(kind: DbKind, env: Record<string, string>, looks: OrgLook[]) {
  const collected = routeCollector();
  const t = useTestApp(kind, env, { onRoute: collected.onRoute });
  const orgs: SeededOrg[] = [];
  let port = 0;
  beforeAll(async () => {
    port = await listenLocally(t);
    for (const look of looks) orgs.push(await seedOrg(t, look));
  }, 60_000 * looks.length);
  const seeded = (i: number) => {
    if (!orgs[i]) throw new Error('the organizations are not seeded yet');
    return orgs[i];
  };
  return {
    t,
    routes: collected.routes,
    bodyReads: collected.bodyReads,
    get a() {
      return seeded(0);
    },
    get b() {
      return seeded(1);
    },
    get port() {
      return port;
    },
  };
}
