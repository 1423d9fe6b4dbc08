import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAYTIME } from '../../../test/calling';
import { DB_KINDS, ORIGIN, useTestApp, type TestApp } from '../../../test/harness';

type Owner = Awaited<ReturnType<TestApp['createOrg']>>;
type Entry = { phone_e164: string; source: string; reason: string | null; lead_id: string | null; created_by: string | null; created_at: string };

const FROM = '+15125550181';
const ENTRY_KEYS = ['created_at', 'created_by', 'created_by_name', 'lead_id', 'phone_e164', 'reason', 'source'];
/** A 10-digit number of this suite: 512-555-6nnn. */
const num = (n: number) => `512555${String(6000 + n)}`;
const e164 = (n: number) => `+1${num(n)}`;

describe.each(DB_KINDS)('Do-Not-Contact list API on %s', (kind) => {
  const t = useTestApp(kind, { DEMO_SMS_REPLY_MS: '600000' });
  let owner: Owner;
  let member: Owner;

  beforeAll(async () => {
    owner = await t.createOrg('DNC list A');
    member = await t.createOrg('DNC list member');
    await t.changeSessions(() =>
      t.database.db.updateTable('user_profiles').set({ organization_id: owner.organizationId, role: 'member' }).where('id', '=', member.userId).execute(),
    );
    expect((await t.request('POST', '/api/phone-numbers', { cookie: owner.cookie, body: { phone_number: FROM } })).statusCode).toBe(201);
    t.app.services.conversations.clock = () => DAYTIME;
  });

  const add = (cookie: string, body: unknown) => t.request('POST', '/api/dnc', { cookie, body });
  const list = async (query = '') => {
    const res = await t.request('GET', `/api/dnc${query}`, { cookie: member.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Entry[]; total: number };
  };
  const remove = (cookie: string, phone: string, query = '', body?: unknown) =>
    t.request('DELETE', `/api/dnc/${encodeURIComponent(phone)}${query}`, { cookie, body });
  const upload = (csv: string, cookie = member.cookie) =>
    t.app.inject({ method: 'POST', url: '/api/dnc/import', headers: { origin: ORIGIN, cookie, 'content-type': 'text/csv' }, payload: csv });
  const textIn = (from: string, body: string) =>
    t.app.services.conversations.receiveInbound({ messageSid: `SM${crypto.randomBytes(16).toString('hex')}`, from, to: FROM, body });
  const newLead = async (fields: Record<string, unknown>) => {
    const res = await t.request('POST', '/api/leads', { cookie: owner.cookie, body: { owner_1_name: 'List Lead', property_address_state: 'TX', ...fields } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  };

  it('lists a number by hand (any member): 201 with the entry, the same number again 200 with the first entry; 400 naming phone', async () => {
    const first = await add(member.cookie, { phone: `(512) 555-${6001}`, reason: '  Asked on a flyer  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(Object.keys(first.json()).sort()).toEqual(ENTRY_KEYS);
    expect(first.json()).toMatchObject({ phone_e164: e164(1), source: 'manual', reason: 'Asked on a flyer', lead_id: null, created_by: member.userId });
    const again = await add(owner.cookie, { phone: `1${num(1)}`, reason: 'Another reason' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    for (const [phone, message] of [['555-01', 'phone: Phone number must be at least 10 digits'], ['25125556001', 'phone: Phone number must be 10 digits, or 11 digits starting with 1'], [5125556001, 'phone: ']] as const) {
      const res = await add(member.cookie, { phone });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.message.startsWith(message)).toBe(true);
    }
    expect((await t.request('POST', '/api/dnc', { body: { phone: num(1) } })).statusCode).toBe(401);
  });

  it('lists newest first, pages, and searches by digits (with or without the country code) and reason', async () => {
    for (const [n, reason] of [[2, 'Attorney letter'], [3, 'Wrong number'], [4, 'Attorney call']] as const) expect((await add(owner.cookie, { phone: num(n), reason })).statusCode).toBe(201);
    const page = await list('?limit=2');
    expect(page.items.map((e) => e.phone_e164)).toEqual([e164(4), e164(3)]);
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect((await list('?limit=2&offset=1')).items[0]!.phone_e164).toBe(e164(3));
    expect((await list(`?search=${num(3)}`)).items.map((e) => e.phone_e164)).toEqual([e164(3)]);
    expect((await list(`?search=${encodeURIComponent(e164(3))}`)).items.map((e) => e.phone_e164)).toEqual([e164(3)]);
    expect((await list('?search=555-6003')).items.map((e) => e.phone_e164)).toEqual([e164(3)]);
    expect(await list('?search=attorney')).toMatchObject({ total: 2, items: [{ phone_e164: e164(4) }, { phone_e164: e164(2) }] });
    expect((await t.request('GET', '/api/dnc?limit=500', { cookie: owner.cookie })).json().error.message).toBe('limit: must be at most 200');
  });

  it("lets a member mark a lead Do Not Call but not clear it (403); an owner clears a flag no listed number holds", async () => {
    const lead = await newLead({ dnc_status: true });
    const byMember = await t.request('PATCH', `/api/leads/${lead.id}`, { cookie: member.cookie, body: { dnc_status: false } });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error).toEqual({ code: 'DNC_CLEAR_FORBIDDEN', message: 'Only owners and admins can clear Do Not Call on a lead' });
    // Repeating a flag that is already clear changes nothing and is not a clearing.
    const other = await newLead({});
    expect((await t.request('PATCH', `/api/leads/${other.id}`, { cookie: member.cookie, body: { dnc_status: false, notes: 'called' } })).statusCode).toBe(200);
    expect((await t.request('PATCH', `/api/leads/${other.id}`, { cookie: member.cookie, body: { dnc_status: true } })).json()).toMatchObject({ dnc_status: true });
    expect((await t.request('PATCH', `/api/leads/${lead.id}`, { cookie: owner.cookie, body: { dnc_status: false } })).json()).toMatchObject({ dnc_status: false });
  });

  it('removes a number for an owner or admin with a reason, audited; a member gets 403; no reason 400; not listed 404', async () => {
    const lead = await newLead({ phone: num(10), dnc_status: true });
    const phone = e164(10);
    expect((await remove(member.cookie, phone, '?reason=Not%20them')).statusCode).toBe(403);
    const noReason = await remove(owner.cookie, phone);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toEqual({ code: 'VALIDATION_ERROR', message: 'reason: Say why the number comes off the Do Not Call list' });
    expect((await remove(owner.cookie, phone, '?reason=%20%20')).statusCode).toBe(400);
    expect((await remove(owner.cookie, 'not-a-phone', '?reason=x')).json().error.message).toMatch(/^phone: /);

    // Without the plus, reason in a JSON body.
    const res = await remove(owner.cookie, phone.slice(1), '', { reason: 'The owner sold the house' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ removed: expect.objectContaining({ phone_e164: phone, source: 'lead_edit', lead_id: lead.id }), leads_cleared: [lead.id] });
    const audit = await t.database.db.selectFrom('activity_logs').select(['actor_id', 'entity_type', 'details']).where('action', '=', 'dnc.removed').where('entity_id', '=', phone).execute();
    expect(audit).toEqual([{
      actor_id: owner.userId, entity_type: 'dnc_number',
      details: expect.objectContaining({ reason: 'The owner sold the house', via: 'dnc_list', confirm_opt_out_override: false, leads_cleared: [lead.id], listed: expect.objectContaining({ source: 'lead_edit' }) }),
    }]);
    const again = await remove(owner.cookie, phone, '?reason=again');
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('1 (512) 555-6010 is not on the Do Not Call list');
  });

  it('a number that opted out by text comes off only with the override confirmed: 409 without, 200 with', async () => {
    const lead = await newLead({ contact_1_phone1: num(20) });
    expect((await textIn(e164(20), 'Stop texting me')).result).toBe('stored');
    const refused = await remove(owner.cookie, e164(20), '?reason=Owner%20called%20us');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('OPT_OUT_OVERRIDE_REQUIRED');
    expect(refused.json().error.message).toMatch(/^1 \(512\) 555-6020 opted out by text \([A-Z][a-z]{2} \d{1,2}, \d{4}\)\. Removing it overrides the person's own request/);
    expect((await remove(owner.cookie, e164(20), '?reason=x&confirm_opt_out_override=false')).statusCode).toBe(409);
    const done = await remove(owner.cookie, e164(20), '', { reason: 'Owner called us to opt back in', confirm_opt_out_override: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().leads_cleared).toEqual([lead.id]);
    const audit = await t.database.db.selectFrom('activity_logs').select('details').where('action', '=', 'dnc.removed').where('entity_id', '=', e164(20)).executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ confirm_opt_out_override: true, listed: { source: 'sms_opt_out' } });
  });

  it("START from a number that opted out takes its opt-out listings off and clears the lead; a listing made another way stays", async () => {
    const lead = await newLead({ contact_1_phone1: num(30), phone_number: num(31) });
    expect((await textIn(e164(30), 'STOP')).result).toBe('stored');
    expect((await t.request('GET', `/api/leads/${lead.id}`, { cookie: owner.cookie })).json()).toMatchObject({ dnc_status: true });
    expect(await textIn(e164(30), 'START')).toMatchObject({ optRequest: 'opt_in' });
    expect((await t.request('GET', `/api/leads/${lead.id}`, { cookie: owner.cookie })).json()).toMatchObject({ dnc_status: false, dnc_numbers: [] });
    const optIn = await t.database.db.selectFrom('activity_logs').select('details').where('action', '=', 'lead.sms_opt_in').where('entity_id', '=', lead.id).executeTakeFirstOrThrow();
    expect(optIn.details).toMatchObject({ keyword: 'START', removed: [e164(30), e164(31)], leads_cleared: [lead.id], still_listed: null });
    const removals = await t.database.db.selectFrom('activity_logs').select(['actor_id', 'details']).where('action', '=', 'dnc.removed').where('entity_id', 'in', [e164(30), e164(31)]).execute();
    expect(removals).toHaveLength(2);
    expect(removals[0]).toMatchObject({ actor_id: null, details: { reason: 'Texted START', via: 'sms_opt_in' } });

    // Listed by hand first: an opt-out keeps that entry, and START leaves it (an owner or admin removes it).
    expect((await add(owner.cookie, { phone: num(32), reason: 'Internal list' })).statusCode).toBe(201);
    const other = await newLead({ contact_1_phone1: num(32), phone: num(33) });
    expect((await textIn(e164(32), 'STOP')).result).toBe('stored');
    expect(await textIn(e164(32), 'UNSTOP')).toMatchObject({ optRequest: 'opt_in' });
    expect((await list(`?search=${num(32)}`)).items).toEqual([expect.objectContaining({ source: 'manual' })]);
    expect((await list(`?search=${num(33)}`)).items).toEqual([]);
    expect((await t.request('GET', `/api/leads/${other.id}`, { cookie: owner.cookie })).json()).toMatchObject({ dnc_status: true, dnc_numbers: [{ phone_e164: e164(32), source: 'manual' }] });
  });

  it('imports a CSV of numbers: added, already listed, invalid rows numbered as a spreadsheet shows them', async () => {
    expect((await add(owner.cookie, { phone: num(40) })).statusCode).toBe(201);
    const csv = ['Phone Number,Reason', num(40), `+1 ${num(41)},Internal list`, 'call me maybe,', `${num(42)},From the old CRM`, '', '555-0100,short', `${num(42)},again`, `1-${num(43)}`].join('\r\n');
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      added: 3,
      already_listed: 2,
      invalid: [
        { row: 4, value: 'call me maybe', reason: 'Phone number contains invalid characters' },
        { row: 7, value: '555-0100', reason: 'Phone number must be at least 10 digits' },
      ],
      invalid_count: 2,
    });
    expect((await list(`?search=${num(41)}`)).items).toEqual([expect.objectContaining({ source: 'import', reason: 'Internal list', created_by: member.userId, lead_id: null })]);
    expect((await list(`?search=${num(43)}`)).items).toEqual([expect.objectContaining({ source: 'import', reason: null })]);

    // Without a header: the number in the first column, a reason in the second.
    expect((await upload(`${num(44)},No header here\n${num(45)}\n`)).json()).toEqual({ added: 2, already_listed: 0, invalid: [], invalid_count: 0 });
    expect((await list(`?search=${num(44)}`)).items[0]).toMatchObject({ reason: 'No header here' });
    expect((await upload('')).statusCode).toBe(400);
    const multipart = await t.app.inject({
      method: 'POST', url: '/api/dnc/import',
      headers: { origin: ORIGIN, cookie: member.cookie, 'content-type': 'multipart/form-data; boundary=x' },
      payload: `--x\r\nContent-Disposition: form-data; name="file"; filename="dnc.csv"\r\nContent-Type: text/csv\r\n\r\nphone\r\n${num(46)}\r\n--x--\r\n`,
    });
    expect(multipart.json()).toMatchObject({ added: 1 });

    // A large file: one record of it instead of a change per number, and the leads carrying its numbers marked all the same.
    const lead = await newLead({ phone_number: '512-555-8123' });
    const big = await upload(['phone', ...Array.from({ length: 600 }, (_, i) => `512555${8000 + i}`)].join('\n'));
    expect(big.json()).toEqual({ added: 600, already_listed: 0, invalid: [], invalid_count: 0 });
    expect((await t.request('GET', `/api/leads/${lead.id}`, { cookie: owner.cookie })).json()).toMatchObject({ dnc_status: true, dnc_numbers: [{ phone_e164: '+15125558123', source: 'import' }] });
    const imported = await t.database.db.selectFrom('activity_logs').select(['actor_id', 'details']).where('action', '=', 'dnc.imported').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(imported).toEqual({ actor_id: member.userId, details: { added: 600, already_listed: 0, invalid_count: 0 } });
  });

  it('exports the list as CSV, with every cell a spreadsheet would run as a formula escaped', async () => {
    expect((await add(owner.cookie, { phone: num(50), reason: '=HYPERLINK("http://evil.example","click")' })).statusCode).toBe(201);
    expect((await add(owner.cookie, { phone: num(51), reason: '@SUM(1+1), then -2' })).statusCode).toBe(201);
    const res = await t.request('GET', '/api/dnc/export.csv', { cookie: member.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="do-not-contact-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('phone_number,source,reason,lead_id,added_by,created_at');
    const created = (await list(`?search=${num(50)}`)).items[0]!.created_at;
    expect(lines.find((l) => l.startsWith(`1${num(50)}`))).toBe(`1${num(50)},manual,"'=HYPERLINK(""http://evil.example"",""click"")",,${owner.email.split("@")[0]},${created}`);
    expect(lines.find((l) => l.startsWith(`1${num(51)}`))).toMatch(/^15125556051,manual,"'@SUM\(1\+1\), then -2",/);
    expect(lines.every((l) => !/(^|,)[=+\-@]/.test(l))).toBe(true);
    // The export reads back in: every number is already listed.
    const back = await upload(res.body);
    expect(back.json()).toMatchObject({ added: 0, invalid: [] });
    expect(back.json().already_listed).toBe(lines.length - 2);
  });

  it("keeps another organization's list apart", async () => {
    const other = await t.createOrg('DNC list other');
    expect((await add(other.cookie, { phone: num(60), reason: 'Theirs' })).statusCode).toBe(201);
    expect((await list(`?search=${num(60)}`)).items).toEqual([]);
    expect((await remove(owner.cookie, e164(60), '?reason=x')).statusCode).toBe(404);
    expect((await t.request('GET', '/api/dnc/export.csv', { cookie: owner.cookie })).body).not.toContain(num(60));
    expect((await add(owner.cookie, { phone: num(60) })).statusCode).toBe(201);
  });
});
