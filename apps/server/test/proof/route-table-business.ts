import { own200, randomToken, type RouteSpec } from './route-spec';
import { TINY_PNG } from './seed';

/** The days of the seed's demo call (DAYTIME, 2026-07-15), and the days around now (its texts, deal and listing). */
const SEEDED_CALL_DAYS = 'from=2026-07-14&to=2026-07-16';
const recentDays = () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return `from=${day(-2)}&to=${day(1)}`;
};

/** The route table's entries for buyers, deals, deal rooms, referrals, sequences, automation rules and analytics (the second wave's business routes). */
export const BUSINESS_ROUTES: Record<string, RouteSpec> = {
  'GET /api/buyers': { calls: () => own200('/api/buyers?limit=200') },
  'GET /api/buyers/export.csv': { calls: () => own200('/api/buyers/export.csv?minScore=0') },
  'GET /api/buyers/:id': { calls: (b) => [{ url: `/api/buyers/${b.buyerId}` }] },
  'POST /api/buyers': { calls: () => [{ url: '/api/buyers', body: { contact_name: 'Proof Buyer of A' }, cross: 201, why: "creates a buyer in the caller's organization" }] },
  'PATCH /api/buyers/:id': { calls: (b) => [{ url: `/api/buyers/${b.buyerId}`, body: { notes: 'changed by A', buyer_score: 1 } }] },
  'DELETE /api/buyers/:id': { calls: (b) => [{ url: `/api/buyers/${b.buyerId}` }] },
  'GET /api/buyers/:id/matches': { calls: (b) => [{ url: `/api/buyers/${b.buyerId}/matches` }] },
  'POST /api/buyers/import': {
    calls: () => [{
      url: '/api/buyers/import?filename=proof.csv', raw: { payload: 'Name,Email,States\r\nProof Import Buyer,proof.import@example.com,TX\r\n', contentType: 'text/csv' },
      cross: 200, why: "imports buyers into the caller's organization",
    }],
  },
  'POST /api/deals/:id/send': { calls: (b) => [{ url: `/api/deals/${b.dealId}/send`, body: { buyer_ids: [b.buyerId], channels: ['email'] } }] },
  'GET /api/deals/:id/sends': { calls: (b) => [{ url: `/api/deals/${b.dealId}/sends` }] },
  'GET /api/public/buyers/unsubscribe/:token': {
    calls: () => [{ url: `/api/public/buyers/unsubscribe/${randomToken()}.${randomToken()}`, cross: 404, signedOut: 404, why: 'a token the server did not sign' }],
  },

  'GET /api/deals': { calls: () => own200('/api/deals?stage=open&search=a&limit=10') },
  'POST /api/deals': { calls: (b) => [{ url: '/api/deals', body: { lead_id: b.leadId, notes: 'deal by A' } }] },
  'GET /api/deals/export.csv': { calls: () => own200('/api/deals/export.csv?search=&columns=id,lead_name,stage,owner_name,buyer_name,notes') },
  'GET /api/deals/settings': { calls: () => own200('/api/deals/settings') },
  'PUT /api/deals/settings': { calls: () => own200('/api/deals/settings', { maoPercent: 70 }) },
  'GET /api/deals/revenue': { calls: (b) => [...own200('/api/deals/revenue?months=6'), ...own200(`/api/deals/revenue?months=6&owner=${b.userId}`)] },
  'GET /api/deals/due': { calls: () => own200('/api/deals/due') },
  'GET /api/deals/:id': { calls: (b) => [{ url: `/api/deals/${b.dealId}` }] },
  'PATCH /api/deals/:id': { calls: (b) => [{ url: `/api/deals/${b.dealId}`, body: { notes: 'changed by A' } }] },
  'POST /api/deals/:id/stage': { calls: (b) => [{ url: `/api/deals/${b.dealId}/stage`, body: { stage: 'marketing' } }] },
  'POST /api/deals/:id/seller-offers': { calls: (b) => [{ url: `/api/deals/${b.dealId}/seller-offers`, body: { amount: 1000 } }] },
  'PATCH /api/deals/:id/seller-offers/:offerId': { calls: (b) => [{ url: `/api/deals/${b.dealId}/seller-offers/${b.offerId}`, body: { status: 'countered' } }] },
  'GET /api/deals/:id/matches': { calls: (b) => [{ url: `/api/deals/${b.dealId}/matches` }] },
  'POST /api/deals/:id/room': { calls: (b) => [{ url: `/api/deals/${b.dealId}/room`, body: { headline: 'Room by A' } }] },
  'GET /api/deals/:id/room': { calls: (b) => [{ url: `/api/deals/${b.dealId}/room` }] },
  'PATCH /api/deals/:id/room': { calls: (b) => [{ url: `/api/deals/${b.dealId}/room`, body: { headline: 'Changed by A', status: 'open' } }] },
  'POST /api/deals/:id/room/photos': {
    calls: (b) => [{ url: `/api/deals/${b.dealId}/room/photos?caption=A`, raw: { payload: TINY_PNG, contentType: 'image/png' } }],
  },
  'GET /api/deals/:id/room/photos/:photoId': { calls: (b) => [{ url: `/api/deals/${b.dealId}/room/photos/${b.roomPhotoId}` }] },
  'PATCH /api/deals/:id/room/photos/:photoId': { calls: (b) => [{ url: `/api/deals/${b.dealId}/room/photos/${b.roomPhotoId}`, body: { caption: 'By A' } }] },
  'DELETE /api/deals/:id/room/photos/:photoId': { calls: (b) => [{ url: `/api/deals/${b.dealId}/room/photos/${b.roomPhotoId}` }] },
  'POST /api/deals/:id/room/invites': { calls: (b) => [{ url: `/api/deals/${b.dealId}/room/invites`, body: { buyer_ids: [b.buyerId] } }] },
  'GET /api/deals/:id/room/invites': { calls: (b) => [{ url: `/api/deals/${b.dealId}/room/invites` }] },
  'DELETE /api/deals/:id/room/invites/:inviteId': { calls: (b) => [{ url: `/api/deals/${b.dealId}/room/invites/${b.roomInviteId}` }] },
  'GET /api/deals/:id/room/views': { calls: (b) => [{ url: `/api/deals/${b.dealId}/room/views` }] },
  'GET /api/deals/:id/offers': { calls: (b) => [{ url: `/api/deals/${b.dealId}/offers` }] },
  'POST /api/deals/:id/offers': {
    calls: (b) => [{ url: `/api/deals/${b.dealId}/offers`, body: { buyer_id: b.buyerId, amount: 1000, earnest_money: 10, close_by: '2030-01-01', financing: 'cash' } }],
  },
  'PATCH /api/deals/:id/offers/:offerId': { calls: (b) => [{ url: `/api/deals/${b.dealId}/offers/${b.buyerOfferId}`, body: { status: 'backup' } }] },
  'POST /api/deals/:id/offers/:offerId/accept': { calls: (b) => [{ url: `/api/deals/${b.dealId}/offers/${b.buyerOfferId}/accept`, body: { notify_others: false } }] },
  'GET /api/public/deal-rooms/:slug': {
    calls: (b, a) => [
      { url: `/api/public/deal-rooms/${b.roomSlug}`, cross: 401, signedOut: 401, why: "B's room asks for its password, which A does not know" },
      { url: `/api/public/deal-rooms/${b.roomSlug}?password=wrong-password`, cross: 401, signedOut: 401, why: 'a wrong password' },
      { url: `/api/public/deal-rooms/${randomToken()}`, cross: 404, signedOut: 404, why: 'no room has this slug' },
      { url: `/api/public/deal-rooms/${a.roomSlug}?invite=${a.roomInviteToken}`, cross: 200, signedOut: 200, why: "A's own room through its buyer's invite" },
    ],
  },
  'GET /api/public/deal-rooms/:slug/photos/:photoId': {
    calls: (b, a) => [
      { url: `/api/public/deal-rooms/${b.roomSlug}/photos/${b.roomPhotoId}`, cross: 401, signedOut: 401, why: "B's room asks for its password" },
      { url: `/api/public/deal-rooms/${a.roomSlug}/photos/${b.roomPhotoId}?invite=${a.roomInviteToken}`, cross: 404, signedOut: 404, why: "B's photo is not in A's room" },
    ],
  },
  'POST /api/public/deal-rooms/:slug/views/:viewId/heartbeat': {
    calls: (b, a) => [
      { url: `/api/public/deal-rooms/${a.roomSlug}/views/${b.roomViewId}/heartbeat`, cross: 404, signedOut: 404, why: "B's visit is not of A's room" },
      { url: `/api/public/deal-rooms/${a.roomSlug}/views/${a.roomViewId}/heartbeat`, cross: 204, signedOut: 204, why: "A's own visit (its id is the visitor's secret)" },
    ],
  },
  'POST /api/public/deal-rooms/:slug/offers': {
    calls: (b, a) => [
      {
        url: `/api/public/deal-rooms/${b.roomSlug}/offers`, cross: 401, signedOut: 401, why: "B's room asks for its password",
        body: { name: 'Proof Bidder', email: 'bidder@example.com', amount: 1000, earnest_money: 10, close_by: '2030-01-01', financing: 'cash' },
      },
      {
        url: `/api/public/deal-rooms/${a.roomSlug}/offers`, cross: 201, signedOut: 201, why: "an offer on A's own room through its buyer's invite",
        body: { name: 'Proof Bidder', email: 'bidder@example.com', amount: 1000, earnest_money: 10, close_by: '2030-01-01', financing: 'cash', invite: a.roomInviteToken },
      },
    ],
  },
  'GET /api/sequences': { calls: () => own200('/api/sequences') },
  'POST /api/sequences': {
    calls: () => [{ url: '/api/sequences', body: { name: 'Proof sequence', steps: [{ kind: 'text', delay_minutes: 0, body: 'Hi {first_name}' }] }, cross: 201, why: "a sequence of the caller's own organization" }],
  },
  'GET /api/sequences/:id': { calls: (b) => [{ url: `/api/sequences/${b.sequenceId}` }] },
  'PATCH /api/sequences/:id': { calls: (b) => [{ url: `/api/sequences/${b.sequenceId}`, body: { name: 'changed by A' } }] },
  'DELETE /api/sequences/:id': { calls: (b) => [{ url: `/api/sequences/${b.sequenceId}` }] },
  'POST /api/sequences/:id/enrollments': {
    calls: (b, a) => [
      { url: `/api/sequences/${b.sequenceId}/enrollments`, body: { lead_ids: [a.leadId] } },
      { url: `/api/sequences/${a.sequenceId}/enrollments`, body: { lead_ids: [b.leadId] }, cross: 200, why: "A's own sequence: B's lead is skipped as not found" },
    ],
  },
  'DELETE /api/sequences/:id/enrollments/:leadId': {
    calls: (b, a) => [{ url: `/api/sequences/${b.sequenceId}/enrollments/${b.leadId}` }, { url: `/api/sequences/${a.sequenceId}/enrollments/${b.leadId}` }],
  },
  'GET /api/leads/:id/automation': { calls: (b) => [{ url: `/api/leads/${b.leadId}/automation` }] },
  'GET /api/automation-rules': { calls: () => own200('/api/automation-rules') },
  'POST /api/automation-rules': {
    calls: (b, a) => [
      { url: '/api/automation-rules', body: { name: 'Proof rule', trigger: { type: 'lead_created' }, actions: [{ type: 'enrol', sequence_id: a.sequenceId }] }, cross: 201, why: "a rule of the caller's own organization" },
      { url: '/api/automation-rules', body: { name: 'Proof rule', trigger: { type: 'lead_created' }, actions: [{ type: 'enrol', sequence_id: b.sequenceId }] }, cross: 400, why: "B's sequence reads as unknown: 400 naming actions.0.sequence_id" },
    ],
  },
  'GET /api/automation-rules/:id': { calls: (b) => [{ url: `/api/automation-rules/${b.ruleId}` }] },
  'PATCH /api/automation-rules/:id': { calls: (b) => [{ url: `/api/automation-rules/${b.ruleId}`, body: { name: 'changed by A' } }] },
  'DELETE /api/automation-rules/:id': { calls: (b) => [{ url: `/api/automation-rules/${b.ruleId}` }] },
  'POST /api/automation-rules/:id/dry-run': { calls: (b) => [{ url: `/api/automation-rules/${b.ruleId}/dry-run` }] },
  'GET /api/referral-partners': { calls: () => own200('/api/referral-partners') },
  'POST /api/referral-partners': {
    calls: () => [
      { url: '/api/referral-partners', body: { name: 'Proof Agent', license_number: 'TX-PROOF', license_state: 'TX', markets: ['TX'], referral_fee_percent: 25, email: 'agent@example.com' }, cross: 201, why: "a partner of the caller's own organization" },
    ],
  },
  'GET /api/referral-partners/:id': { calls: (b) => [{ url: `/api/referral-partners/${b.referralPartnerId}` }] },
  'PATCH /api/referral-partners/:id': { calls: (b) => [{ url: `/api/referral-partners/${b.referralPartnerId}`, body: { notes: 'changed by A' } }] },
  'DELETE /api/referral-partners/:id': { calls: (b) => [{ url: `/api/referral-partners/${b.referralPartnerId}` }] },
  'GET /api/referrals': { calls: (b) => own200(`/api/referrals?status=accepted&partner_id=${b.referralPartnerId}`) },
  'POST /api/referrals': { calls: (b) => [{ url: '/api/referrals', body: { partner_id: b.referralPartnerId, lead_id: b.leadId, note: 'by A' } }] },
  'POST /api/referrals/:id/resend': { calls: (b) => [{ url: `/api/referrals/${b.referralId}/resend` }] },
  'PATCH /api/referrals/:id': { calls: (b) => [{ url: `/api/referrals/${b.referralId}`, body: { fee_received: 10 } }] },
  // A link's page shows its own referral's seller: B's valid link is never called here (it would show B's seller by design).
  'GET /api/public/referrals/:token': {
    calls: (b, a) => [
      { url: `/api/public/referrals/${randomToken()}`, cross: 404, signedOut: 404, why: 'a token without a valid signature' },
      { url: `/api/public/referrals/${b.referralToken.slice(0, -3)}abc`, cross: 404, signedOut: 404, why: "B's link with a tampered signature" },
      { url: `/api/public/referrals/${a.referralToken}`, cross: 200, signedOut: 200, why: "A's partner's own signed link: whoever holds it is the partner" },
    ],
  },
  'POST /api/public/referrals/:token/respond': {
    calls: (b, a) => [
      { url: `/api/public/referrals/${b.referralToken.slice(0, -3)}abc/respond`, body: { decision: 'decline' }, cross: 404, signedOut: 404, why: "B's link with a tampered signature" },
      { url: `/api/public/referrals/${a.referralToken}/respond`, body: { decision: 'decline' }, cross: 409, signedOut: 409, why: "A's partner already accepted" },
    ],
  },
  'POST /api/public/referrals/:token/status': {
    calls: (b, a) => [
      { url: `/api/public/referrals/${b.referralToken.slice(0, -3)}abc/status`, body: { status: 'listed' }, cross: 404, signedOut: 404, why: "B's link with a tampered signature" },
      { url: `/api/public/referrals/${a.referralToken}/status`, body: { status: 'listed' }, signedOut: 200, cross: 409, why: "A's partner reports it listed (signed out, first), then again: already listed" },
    ],
  },
  'GET /api/deals/:id/timeline': { calls: (b) => [{ url: `/api/deals/${b.dealId}/timeline` }] },
  'GET /api/deals/:id/analyses': { calls: (b) => [{ url: `/api/deals/${b.dealId}/analyses` }] },
  'POST /api/deals/:id/analyses': { calls: (b) => [{ url: `/api/deals/${b.dealId}/analyses`, body: { inputs: {}, arv: 1, repair_estimate: 1 } }] },
  // Without a member, B's leak would show (B's member, lead names); with B's member id as the filter, A's figures of nobody.
  // The ranges hold the seed's call (on the demo clock) and its texts and deal (now).
  'GET /api/analytics/calls': { calls: (b) => [...own200(`/api/analytics/calls?${SEEDED_CALL_DAYS}`), ...own200(`/api/analytics/calls?${SEEDED_CALL_DAYS}&member=${b.userId}`)] },
  'GET /api/analytics/texts': { calls: () => own200(`/api/analytics/texts?${recentDays()}`) },
  'GET /api/analytics/funnel': { calls: (b) => own200(`/api/analytics/funnel?${recentDays()}&member=${b.userId}`) },
  'GET /api/analytics/drill': {
    calls: (b) => [...own200(`/api/analytics/drill?${SEEDED_CALL_DAYS}&metric=dials`), ...own200(`/api/analytics/drill?${recentDays()}&metric=replies&member=${b.userId}&limit=10&offset=0`),
      ...own200(`/api/analytics/drill?${recentDays()}&metric=source_leads&source=CSV%20import`), ...own200(`/api/analytics/drill?${recentDays()}&metric=list_members&list=${b.importId}`)],
  },
  // B's tags and leads would show as labels and names; A's own counters and leads answer.
  'GET /api/analytics/signals': { calls: () => own200('/api/analytics/signals') },
  'GET /api/analytics/signals/leads': {
    calls: () => [...own200('/api/analytics/signals/leads?key=all&limit=200'), ...own200('/api/analytics/signals/leads?key=lists:0&measure=contracted&limit=10&offset=0')],
  },
  // B's sources, lists, statuses and waiting leads would show as labels and names; A's own growth answers.
  'GET /api/analytics/growth': { calls: () => own200(`/api/analytics/growth?${recentDays()}`) },
  'GET /api/analytics/growth/drill': {
    calls: () => [
      ...own200(`/api/analytics/growth/drill?metric=lead_status&key=new&day=${recentDays().slice(-10)}`),
      ...own200('/api/analytics/growth/drill?metric=uncontacted&bucket=today&limit=10&offset=0'),
      ...own200(`/api/analytics/growth/drill?metric=speed&bucket=under_5_min&${recentDays()}`),
    ],
  },
  // B's sources, spend and lists (file names) would show; A's own answer.
  'GET /api/analytics/sources': { calls: () => own200(`/api/analytics/sources?${recentDays()}`) },
  'GET /api/analytics/spend': { calls: () => own200(`/api/analytics/spend?year=${new Date().getUTCFullYear()}`) },
  'PUT /api/analytics/spend': { calls: () => own200('/api/analytics/spend', { source: 'Proof source', month: '2026-03', amount: 12.5 }) },
  'GET /api/settings/reporting': { calls: () => own200('/api/settings/reporting') },
  // B's follow-ups, callbacks, deals and new leads would show as names and ids; A's own today answers.
  'GET /api/dashboard/today': { calls: () => own200('/api/dashboard/today') },
  'PATCH /api/settings/reporting': { calls: () => own200('/api/settings/reporting', { timeZone: 'America/Chicago', dailyDialGoal: 120 }) },
};
