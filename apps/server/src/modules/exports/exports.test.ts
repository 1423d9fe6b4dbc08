import { EXPORT_COLUMNS } from '@wholesail/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/scope';
import { csvRecords } from '../../../test/exports';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

/** A cell a spreadsheet would run: it starts with = + - @ tab or CR (escaped cells start with an apostrophe). */
const FORMULA = /^[=+\-@\t\r]/;

describe.each(DB_KINDS)('CSV exports on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Org;
  let b: Org;
  const get = (org: Org, url: string) => t.request('GET', url, { cookie: org.cookie });
  const ok = async (org: Org, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await t.request(method, url, { cookie: org.cookie, body });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const ids = async (org: Org, url: string, name: string) => (await csvRecords(await get(org, url), name)).rows.map((r) => r.id).sort();
  let evil: { id: string };

  beforeAll(async () => {
    a = await t.createOrg('Exports A');
    b = await t.createOrg('Exports B');
    evil = await ok(a, 'POST', '/api/leads', {
      name: '=HYPERLINK("http://evil.example","click")', owner_1_name: '+15125550100', contact_1_name: '-2+3', owner_2_name: '@SUM(A1)', status: 'new', badges: ['vacant', 'tax default'], estimated_value: 150_000, contact_1_phone1: '5125550101',
    });
    // The API trims text; a tab or CR at the start can only come from elsewhere (an import, another client).
    await withSystem(t.database.db, (tx) => tx.updateTable('leads').set({ notes: '\t=1+1', property_address_full: '\r=cmd|calc' }).where('id', '=', evil.id).execute());
    for (const [i, status, badges, value] of [[1, 'new', ['vacant'], 90_000], [2, 'discovery', [], 300_000], [3, 'new', ['absentee'], 220_000]] as const) {
      await ok(a, 'POST', '/api/leads', { owner_1_name: `Quill Owner ${i}`, property_address_full: `${i} Larch St, Austin, TX`, status, badges, estimated_value: value });
    }
    await ok(b, 'POST', '/api/leads', { owner_1_name: 'Vexmoor Secret Owner', status: 'new', badges: ['vacant'] });
  });

  it('exports every lead of the organization with all columns, and no other organization’s', async () => {
    const res = await get(a, '/api/leads/export.csv');
    const { header, rows } = await csvRecords(res, 'leads');
    expect(header).toEqual(EXPORT_COLUMNS.leads);
    expect(rows).toHaveLength(4);
    expect(res.body).not.toContain('Vexmoor');
    const list = (await ok(a, 'GET', '/api/leads?limit=200')).items as Array<{ id: string }>;
    expect(rows.map((r) => r.id).sort()).toEqual(list.map((l) => l.id).sort());
    expect((await ids(b, '/api/leads/export.csv', 'leads')).length).toBe(1);
  });

  it('escapes every cell that starts with = + - @ tab or CR, end to end', async () => {
    const res = await get(a, `/api/leads/export.csv?columns=name,owner_1_name,contact_1_name,owner_2_name,notes,property_address_full,badges,estimated_value&search=hyperlink`);
    const { rows } = await csvRecords(res, 'leads');
    expect(rows).toEqual([{
      name: `'=HYPERLINK("http://evil.example","click")`, owner_1_name: "'+15125550100", contact_1_name: "'-2+3", owner_2_name: "'@SUM(A1)", notes: "'\t=1+1",
      property_address_full: "'\r=cmd|calc", badges: 'vacant, tax default', estimated_value: '150000',
    }]);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    const all = await csvRecords(await get(a, '/api/leads/export.csv'), 'leads');
    expect(all.rows.flatMap((r) => Object.values(r)).filter((cell) => FORMULA.test(cell))).toEqual([]);
  });

  it('honours the list’s filters: the export of a filter is the list of that filter', async () => {
    const filters = ['status=new', 'badges=vacant', 'minValue=100000&maxValue=250000', 'search=quill', 'search=larch&status=new', `created_after=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`, 'search=5550101'];
    for (const filter of filters) {
      const list = ((await ok(a, 'GET', `/api/leads?${filter}&limit=200`)).items as Array<{ id: string }>).map((l) => l.id).sort();
      expect(await ids(a, `/api/leads/export.csv?${filter}&columns=id`, 'leads'), filter).toEqual(list);
    }
    expect(await ids(a, '/api/leads/export.csv?status=new', 'leads')).toHaveLength(3);
    expect(await ids(a, '/api/leads/export.csv?search=vexmoor', 'leads')).toEqual([]);
  });

  it('writes the chosen columns in the order asked; an unknown column or filter is a 400 naming it', async () => {
    const { header, rows } = await csvRecords(await get(a, `/api/leads/export.csv?columns=dnc_status,id,estimated_value&search=hyperlink`), 'leads');
    expect(header).toEqual(['dnc_status', 'id', 'estimated_value']);
    expect(rows).toEqual([{ dnc_status: 'false', id: evil.id, estimated_value: '150000' }]);
    const refused = [
      ['/api/leads/export.csv?columns=id,nmae', 'columns: "nmae" is not a column of this export; docs/exports.md lists them'],
      ['/api/leads/export.csv?colour=red', `querystring: "colour" is not a filter of this export; it takes status, minValue, maxValue, badges, search, created_after, columns`],
      ['/api/leads/export.csv?deleted=true', `querystring: "deleted" is not a filter of this export; it takes status, minValue, maxValue, badges, search, created_after, columns`],
      ['/api/leads/export.csv?status=sold', undefined],
      ['/api/buyers/export.csv?columns=organization_id', 'columns: "organization_id" is not a column of this export; docs/exports.md lists them'],
      ['/api/calls/export.csv?lead_id=nope', 'lead_id: expected a lead id'],
      ['/api/texts/export.csv?direction=sideways', 'direction: expected inbound or outbound'],
      ['/api/deals/export.csv?limit=5', 'querystring: "limit" is not a filter of this export; it takes stage, owner, lead_id, search, columns'],
      ['/api/dnc/export.csv?columns=', 'columns: choose at least one column, or leave columns out for all of them'],
    ] as const;
    for (const [url, message] of refused) {
      const res = await get(a, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      if (message) expect(res.json().error.message, url).toBe(message);
    }
  });

  it('answers HEAD with the headers and reads nothing; signed out 401', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/api/leads/export.csv', headers: { cookie: a.cookie } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(head.body).toBe('');
    expect((await t.request('GET', '/api/texts/export.csv')).statusCode).toBe(401);
  });

  it('exports buyers, deals, calls, texts and the Do-Not-Contact list with their filters, each of its own organization only', async () => {
    await ok(a, 'POST', '/api/buyers', { contact_name: '@Buyer Ann', company_name: 'Acme, LLC', buyer_score: 8 });
    await ok(a, 'POST', '/api/buyers', { contact_name: 'Idle Buyer', is_active: false, buyer_score: 2 });
    await ok(b, 'POST', '/api/buyers', { contact_name: 'Vexmoor Buyer' });
    const buyers = await csvRecords(await get(a, '/api/buyers/export.csv?active=true'), 'buyers');
    expect(buyers.header).toEqual(EXPORT_COLUMNS.buyers);
    expect(buyers.rows.map((r) => [r.contact_name, r.company_name, r.is_active])).toEqual([["'@Buyer Ann", 'Acme, LLC', 'true']]);
    expect(JSON.parse(buyers.rows[0]!.buy_box!)).toMatchObject({});
    expect((await csvRecords(await get(a, '/api/buyers/export.csv?minScore=5&columns=contact_name'), 'buyers')).rows).toEqual([{ contact_name: "'@Buyer Ann" }]);

    const deal = await ok(a, 'POST', '/api/deals', { lead_id: evil.id, arv: 200_000, notes: '-risky' });
    const deals = await csvRecords(await get(a, '/api/deals/export.csv?stage=open'), 'deals');
    expect(deals.header).toEqual(EXPORT_COLUMNS.deals);
    expect(deals.rows.map((r) => [r.id, r.stage, r.arv, r.notes, r.lead_name])).toEqual([[deal.id, 'analyzing', '200000', "'-risky", `'${deal.lead_name}`]]);
    const listed = (await ok(a, 'GET', '/api/deals?stage=closed')).items;
    expect((await csvRecords(await get(a, '/api/deals/export.csv?stage=closed'), 'deals')).rows).toHaveLength(listed.length);
    expect((await csvRecords(await get(b, `/api/deals/export.csv?lead_id=${evil.id}`), 'deals')).rows).toEqual([]);

    const [lead] = (await ok(a, 'GET', '/api/leads?search=larch&status=discovery')).items;
    await withSystem(t.database.db, async (tx) => {
      await tx.insertInto('calls').values([
        { organization_id: a.organizationId, lead_id: lead.id, user_id: a.userId, from_e164: '+15125550100', to_e164: '+15125550199', provider: 'demo', call_sid: 'CAexport1', status: 'completed', started_at: new Date(), disposition: 'interested', notes: '=2*3' },
        { organization_id: a.organizationId, lead_id: evil.id, user_id: a.userId, from_e164: '+15125550100', to_e164: '+15125550101', provider: 'demo', call_sid: 'CAexport2', status: 'no-answer', started_at: new Date() },
      ]).execute();
      await tx.insertInto('conversations').values([
        { organization_id: a.organizationId, lead_id: lead.id, body: '+1 call me back', direction: 'inbound', channel: 'sms', status: 'received', from_e164: '+15125550199', to_e164: '+15125550100' },
        { organization_id: a.organizationId, lead_id: lead.id, body: 'Sure, tomorrow', direction: 'outbound', channel: 'sms', status: 'delivered', from_e164: '+15125550100', to_e164: '+15125550199' },
        { organization_id: b.organizationId, lead_id: null, body: 'Vexmoor text', direction: 'inbound', channel: 'sms', status: 'received', from_e164: '+15125550777', to_e164: '+15125550788' },
      ]).execute();
    });
    const calls = await csvRecords(await get(a, `/api/calls/export.csv?lead_id=${lead.id}`), 'calls');
    expect(calls.header).toEqual(EXPORT_COLUMNS.calls);
    expect(calls.rows.map((r) => [r.call_sid, r.lead_name, r.user_name, r.status, r.notes])).toEqual([['CAexport1', 'Quill Owner 2', a.email.split('@')[0], 'completed', "'=2*3"]]);
    expect((await csvRecords(await get(a, '/api/calls/export.csv?status=no-answer&columns=call_sid'), 'calls')).rows).toEqual([{ call_sid: 'CAexport2' }]);
    expect((await csvRecords(await get(b, '/api/calls/export.csv'), 'calls')).rows).toEqual([]);

    const texts = await csvRecords(await get(a, '/api/texts/export.csv?direction=inbound'), 'texts');
    expect(texts.header).toEqual(EXPORT_COLUMNS.texts);
    expect(texts.rows.map((r) => [r.lead_id, r.lead_name, r.direction, r.status, r.from_e164, r.body])).toEqual([[lead.id, 'Quill Owner 2', 'inbound', 'received', "'+15125550199", "'+1 call me back"]]);
    expect((await csvRecords(await get(a, `/api/texts/export.csv?lead_id=${lead.id}`), 'texts')).rows).toHaveLength(2);
    const theirs = await get(b, '/api/texts/export.csv');
    expect((await csvRecords(theirs, 'texts')).rows.map((r) => [r.lead_id, r.lead_name, r.body])).toEqual([['', '', 'Vexmoor text']]);

    await ok(a, 'POST', '/api/dnc', { phone: '+15125550142', reason: '-asked twice' });
    await ok(a, 'POST', '/api/dnc', { phone: '+15125550143', reason: 'other' });
    const dnc = await csvRecords(await get(a, '/api/dnc/export.csv?search=asked&columns=phone_number,reason'), 'do-not-contact');
    expect(dnc).toEqual({ header: ['phone_number', 'reason'], rows: [{ phone_number: '15125550142', reason: "'-asked twice" }] });
    expect((await csvRecords(await get(b, '/api/dnc/export.csv'), 'do-not-contact')).rows).toEqual([]);
  });
});
