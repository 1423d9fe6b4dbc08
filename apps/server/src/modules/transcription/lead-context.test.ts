import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALL_LEAD_CONTEXT_MESSAGES, type CallLeadContext } from '@wholesail/domain';
import { newCallingLead, waitFor } from '../../../test/calling';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

describe.each(DB_KINDS)("a call's lead context on %s", (kind) => {
  const t = useTestApp(kind);
  let a: Org;
  let n = 0;

  beforeAll(async () => {
    a = await t.createOrg('Context A');
  });

  /** A lead of organization A and a call to it (recorded as a Twilio call would be; nothing rings or talks). */
  const dial = async (extra: Record<string, unknown> = {}) => {
    const lead = await newCallingLead(t, a.cookie, ++n, extra, '83');
    const sid = `CA${crypto.randomBytes(16).toString('hex')}`;
    const call = { lead_id: lead.id, user_id: a.userId, from_e164: '+15125550121', to_e164: lead.to, call_sid: sid };
    await t.database.db.insertInto('calls').values({ ...call, organization_id: a.organizationId, provider: 'twilio', status: 'completed' }).execute();
    return { lead, sid };
  };
  const createLead = async (body: Record<string, unknown>) => {
    const res = await t.request('POST', '/api/leads', { cookie: a.cookie, body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  };
  const remove = async (id: string) => expect((await t.request('DELETE', `/api/leads/${id}`, { cookie: a.cookie })).statusCode).toBe(204);
  const context = (sid: string, cookie = a.cookie) => t.request('GET', `/api/calls/by-sid/${sid}/lead-context`, { cookie });
  const fullLead = async (id: string) => (await t.request('GET', `/api/leads/${id}`, { cookie: a.cookie })).json();

  it("answers the call's own lead: the full record and what the coach knows, with derived equity", async () => {
    const { lead, sid } = await dial({
      owner_1_name: 'Maria Lopez', estimated_value: 250000, mortgage_balance: 90000, motivation_score: 7, badges: ['probate'],
      property_type: 'Single Family', out_of_state_owner: true, vacant: true, notes: 'Prefers mornings', equity_amount: 1,
    });
    // Background work (scoring) may still be updating the lead: compare with reads on either side of ours.
    const [before, body, after] = await waitFor(
      async () => [await fullLead(lead.id), (await context(sid)).json() as CallLeadContext, await fullLead(lead.id)] as const,
      ([x, , z]) => JSON.stringify(x) === JSON.stringify(z),
      'the lead to settle',
    );
    expect(body.lead).toEqual(before);
    expect(after.id).toBe(lead.id);
    expect(body).toMatchObject({ matched_by: 'call', message: null });
    expect(body.context).toEqual({
      id: lead.id, owner_name: 'Maria Lopez', property_address: `${n} Main St, Austin, TX`, estimated_value: 250000, equity_amount: 160000,
      motivation_score: 7, status: 'new', badges: ['probate'], property_type: 'Single Family', is_out_of_state_owner: true, is_vacant: true,
      is_tenant_occupied: false, notes: 'Prefers mornings',
    });
    // Equity needs both figures.
    const partial = await dial({ estimated_value: 250000 });
    expect(((await context(partial.sid)).json() as CallLeadContext).context.equity_amount).toBeNull();
  });

  it('when the call is no longer linked to a live lead, answers the latest-updated lead with the number called', async () => {
    const { lead, sid } = await dial();
    const digits = lead.to.slice(2);
    const older = await createLead({ owner_1_name: 'Older Match', phone: `1-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` });
    const newer = await createLead({ owner_1_name: 'Newer Match', contact_1_phone2: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` });
    await createLead({ owner_1_name: 'Near Miss', contact_1_phone1: `${digits}9` });
    const gone = await createLead({ owner_1_name: 'Deleted Match', contact_1_phone1: digits });
    await remove(gone.id);
    await remove(lead.id);

    const res = await context(sid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ lead: { id: newer.id, owner_1_name: 'Newer Match' }, matched_by: 'phone', message: 'Loaded full lead details - Matched by phone/address' });
    expect(res.json().context).toMatchObject({ id: newer.id, owner_name: 'Newer Match' });

    expect((await t.request('PATCH', `/api/leads/${older.id}`, { cookie: a.cookie, body: { notes: 'touched' } })).statusCode).toBe(200);
    expect((await context(sid)).json()).toMatchObject({ lead: { id: older.id }, matched_by: 'phone' });

    // A later call from the same caller ID to that number was about `newer`: the number's own history wins.
    await t.database.db.insertInto('calls').values({
      organization_id: a.organizationId, lead_id: newer.id, user_id: a.userId, from_e164: '+15125550121', to_e164: lead.to,
      call_sid: `CA${crypto.randomBytes(16).toString('hex')}`, provider: 'twilio', status: 'completed',
    }).execute();
    expect((await t.request('PATCH', `/api/leads/${older.id}`, { cookie: a.cookie, body: { notes: 'touched again' } })).statusCode).toBe(200);
    expect((await context(sid)).json()).toMatchObject({ lead: { id: newer.id, dnc_numbers: [] }, matched_by: 'phone' });
  });

  it("matches by the deleted lead's property address when no phone matches", async () => {
    const { lead, sid } = await dial({ property_address_full: '7 Oak Street, Austin, TX' });
    const same = await createLead({ owner_1_name: 'Same House', property_address_full: '7 oak st austin tx', contact_1_phone1: '5125550000' });
    await remove(lead.id);
    const res = await context(sid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ lead: { id: same.id }, matched_by: 'address', message: CALL_LEAD_CONTEXT_MESSAGES.matchedByPhoneOrAddress });
  });

  it('404s: no such call, another organization\'s call, and a call whose lead matches nothing', async () => {
    const { lead, sid } = await dial({ property_address_full: '1 Nowhere Lane, Austin, TX' });
    const missing = await context('CA-no-such-call');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('No call or transcript data found');
    const foreign = await context(sid, (await t.createOrg('Context B')).cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('No call or transcript data found');

    await remove(lead.id);
    const unlinked = await context(sid);
    expect(unlinked.statusCode).toBe(404);
    expect(unlinked.json().error.message).toBe('Lead context unavailable - call not linked to lead');
    expect((await t.request('GET', `/api/calls/by-sid/${sid}/lead-context`, {})).statusCode).toBe(401);
  });
});
