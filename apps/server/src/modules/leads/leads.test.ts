import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LEAD_FIELD_NAMES, LEAD_FIELDS, LEAD_LIST_FIELDS, listLeadsQuery } from '@wholesail/domain';
import { LIST_PLAN, listLeads } from './list';
import { withTenant } from '../../db/scope';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';

type Owner = Awaited<ReturnType<TestApp['createOrg']>>;

describe.each(DB_KINDS)('leads API on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Owner;
  let b: Owner;
  const ids: Record<string, string> = {};

  const create = async (owner: Owner, body: Record<string, unknown>) => {
    const res = await t.request('POST', '/api/leads', { cookie: owner.cookie, body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const list = async (query: string, owner = a) => {
    const res = await t.request('GET', `/api/leads${query}`, { cookie: owner.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Array<Record<string, unknown>>; total: number; total_exact: boolean };
  };
  const names = (r: { items: Array<Record<string, unknown>> }) => r.items.map((l) => l.owner_1_name);

  beforeAll(async () => {
    a = await t.createOrg('Leads A');
    b = await t.createOrg('Leads B');
    ids.alice = (await create(a, { owner_1_name: 'Alice Johnson', property_address_full: '12 Oak Street, Austin, TX 78701', property_address_state: 'TX', contact_1_phone1: '(512) 555-0101', contact_1_email1: 'alice@example.com', motivation_score: 9, estimated_value: 450000, status: 'new', badges: ['vacant', 'absentee'] })).id;
    ids.bob = (await create(a, { owner_1_name: 'Bob Smith', property_address_full: '400 Pine Ave, Dallas, TX 75201', contact_1_phone1: '214-555-0199', motivation_score: 7, estimated_value: 210000, status: 'discovery', badges: ['probate'] })).id;
    ids.carol = (await create(a, { owner_1_name: 'Carol Diaz', property_address_full: '9 Elm Road, Houston, TX 77002', email: 'carol@diaz.net', motivation_score: 7, estimated_value: 95000, status: 'new' })).id;
    ids.dan = (await create(a, { owner_1_name: 'Dan Brown', property_address_full: '77 Main Street, Austin, TX 78702', estimated_value: 800000, status: 'interested-set-offer' })).id;
    ids.gone = (await create(a, { owner_1_name: 'Deleted Person', property_address_full: '1 Gone Way', motivation_score: 9 })).id;
    expect((await t.request('DELETE', `/api/leads/${ids.gone}`, { cookie: a.cookie })).statusCode).toBe(204);
    ids.other = (await create(b, { owner_1_name: 'Alice Other', property_address_full: '12 Oak Street, Austin, TX 78701', motivation_score: 9 })).id;
  });

  it('lists by motivation_score then created_at, both descending, without deleted leads', async () => {
    const all = await list('');
    expect(names(all)).toEqual(['Alice Johnson', 'Carol Diaz', 'Bob Smith', 'Dan Brown']);
    expect(all.total).toBe(4);
    expect(all.total_exact).toBe(true);
  });

  it('filters by status, value range and badges, alone and combined', async () => {
    expect(names(await list('?status=new'))).toEqual(['Alice Johnson', 'Carol Diaz']);
    expect(names(await list('?minValue=200000&maxValue=500000'))).toEqual(['Alice Johnson', 'Bob Smith']);
    expect(names(await list('?badges=probate,absentee'))).toEqual(['Alice Johnson', 'Bob Smith']);
    expect(names(await list('?status=new&minValue=100000&badges=vacant'))).toEqual(['Alice Johnson']);
    expect((await list('?status=add-to-followup')).total).toBe(0);
  });

  it('searches owner name, address, phone in any formatting and email, case-insensitively', async () => {
    expect(names(await list('?search=johnson'))).toEqual(['Alice Johnson']);
    expect(names(await list('?search=MAIN%20street'))).toEqual(['Dan Brown']);
    expect(names(await list('?search=austin'))).toEqual(['Alice Johnson', 'Dan Brown']);
    expect(names(await list(`?search=${encodeURIComponent('(214) 555-0199')}`))).toEqual(['Bob Smith']);
    expect(names(await list('?search=5125550101'))).toEqual(['Alice Johnson']);
    expect(names(await list('?search=diaz.net'))).toEqual(['Carol Diaz']);
    expect(names(await list('?search=100%25'))).toEqual([]);
    expect(names(await list('?search=deleted'))).toEqual([]);
  });

  it('gives the same pages whichever plan a search or tag filter takes', async () => {
    const queries = ['?search=austin', '?search=tx&limit=1&offset=1', '?badges=probate,vacant', '?search=street&status=new', '?search=zzz', '?search=tx&offset=10'];
    for (const q of queries) {
      const viaHttp = await list(q);
      const query = listLeadsQuery.parse(Object.fromEntries(new URLSearchParams(q.slice(1))));
      for (const budget of [1, 2, 3]) {
        const direct = await withTenant(t.database.db, a.organizationId, (tx) => listLeads(tx, a.organizationId, query, budget), LIST_PLAN);
        expect(direct.items.map((l) => l.owner_1_name), `${q} budget ${budget}`).toEqual(names(viaHttp));
        // Among few leads the total is exact whichever way it was reached.
        expect(direct, `${q} budget ${budget}`).toMatchObject({ total: viaHttp.total, total_exact: true });
        // As if the organization were large: the ordered scan first, and an estimate where it stopped short.
        const large = await withTenant(t.database.db, a.organizationId, (tx) => listLeads(tx, a.organizationId, query, budget, 0), LIST_PLAN);
        expect(large.items.map((l) => l.owner_1_name), `${q} budget ${budget}, large`).toEqual(names(viaHttp));
        if (large.total_exact) expect(large.total, `${q} budget ${budget}, large`).toBe(viaHttp.total);
        else expect(large.total, `${q} budget ${budget}, large`).toBeGreaterThan(0);
      }
    }
  });

  it('pages with limit and offset', async () => {
    const page = await list('?limit=2&offset=1');
    expect(names(page)).toEqual(['Carol Diaz', 'Bob Smith']);
    expect(page.total).toBe(4);
    const past = await list('?offset=10');
    expect(names(past)).toEqual([]);
    expect(past.total).toBe(4);
  });

  it('answers 400 naming the problem for bad input', async () => {
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['POST', { owner_1_name: 'X', contact_1_phone1: '555-12' }, /contact_1_phone1: Phone number must be at least 10 digits/],
      ['POST', { owner_1_name: 'X', phone: 'call me' }, /phone: Phone number contains invalid characters/],
      ['POST', { owner_1_name: 'X', email: 'nope' }, /email: must be a valid email address/],
      ['POST', { owner_1_name: 'X', estimated_value: -5 }, /estimated_value: must be 0 or more/],
      ['POST', { owner_1_name: 'X', property_address_state: 'Texas' }, /property_address_state: must be a two-letter state code/],
      ['POST', { owner_1_name: 'X', favourite_colour: 'red' }, /favourite_colour/],
      ['POST', { notes: 'nothing else' }, /property address or an owner name/],
      // The table keeps these NOT NULL: clearing them is refused, not a 500.
      ['POST', { owner_1_name: 'X', status: null }, /^status: cannot be cleared$/],
      ['PATCH', { dnc_status: null }, /^dnc_status: cannot be cleared$/],
      ['PATCH', { status: null }, /^status: cannot be cleared$/],
    ];
    for (const [method, body, message] of cases) {
      const res = await t.request(method as 'POST', method === 'POST' ? '/api/leads' : `/api/leads/${ids.bob}`, { cookie: a.cookie, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    for (const q of ['?limit=500', '?minValue=abc', '?offset=-1', '?status=deleted', '?bogus=1']) {
      const res = await t.request('GET', `/api/leads${q}`, { cookie: a.cookie });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.message.length).toBeGreaterThan(0);
    }
    expect((await t.request('GET', '/api/leads/not-a-uuid', { cookie: a.cookie })).statusCode).toBe(400);
  });

  it('reads, updates and soft-deletes one lead; derived columns follow the edit', async () => {
    const got = await t.request('GET', `/api/leads/${ids.carol}`, { cookie: a.cookie });
    expect(got.json()).toMatchObject({ owner_1_name: 'Carol Diaz', estimated_value: 95000, badges: [], status: 'new' });
    const patched = await t.request('PATCH', `/api/leads/${ids.carol}`, { cookie: a.cookie, body: { estimated_value: 600000, last_sale_date: '2019-04-02', tax_delinquent: true } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ estimated_value: 600000, last_sale_date: '2019-04-02', tax_delinquent: true, owner_1_name: 'Carol Diaz' });
    const stored = await withTenant(t.database.db, a.organizationId, (tx) => tx.selectFrom('leads').select('score_base').where('id', '=', ids.carol!).executeTakeFirstOrThrow());
    // 7×10 + value over 500k 15 + tax delinquent 12 + email 5 + status new 8
    expect(stored.score_base).toBe(110);
    expect((await t.request('GET', `/api/leads/${ids.gone}`, { cookie: a.cookie })).statusCode).toBe(404);
  });

  it("keeps each organization's leads to itself: 404 by id, nothing in lists", async () => {
    for (const [method, url] of [['GET', `/api/leads/${ids.other}`], ['PATCH', `/api/leads/${ids.other}`], ['DELETE', `/api/leads/${ids.other}`], ['GET', `/api/leads/${ids.other}/context`]] as const) {
      const res = await t.request(method, url, { cookie: a.cookie, body: method === 'PATCH' ? { notes: 'x' } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(names(await list('?search=alice', b))).toEqual(['Alice Other']);
    expect((await list('', b)).total).toBe(1);
  });

  it('answers statistics over the non-deleted leads', async () => {
    const stats = (await t.request('GET', '/api/leads/stats', { cookie: a.cookie })).json();
    expect(stats).toEqual({ total_leads: 4, new_leads_count: 4, high_motivation_count: 3, avg_property_value: Math.round((450000 + 210000 + 600000 + 800000) / 4), leads_with_values: 4 });
  });

  it('gives the lead context with derived equity and conversations', async () => {
    await t.request('PATCH', `/api/leads/${ids.alice}`, { cookie: a.cookie, body: { mortgage_balance: 150000 } });
    await withTenant(t.database.db, a.organizationId, (tx) =>
      tx.insertInto('conversations').values({ organization_id: a.organizationId, lead_id: ids.alice!, body: 'Is the house still for sale?', direction: 'inbound', status: 'received' }).execute(),
    );
    const res = (await t.request('GET', `/api/leads/${ids.alice}/context`, { cookie: a.cookie })).json();
    expect(res.lead).toMatchObject({ id: ids.alice, owner_1_name: 'Alice Johnson', estimated_value: 450000, mortgage_balance: 150000, equity: 300000, badges: ['vacant', 'absentee'] });
    expect(res.conversations.map((c: { body: string }) => c.body)).toEqual(['Is the house still for sale?']);
  });

  it('shows list rows and a lead with their fields only: identity, ISO timestamps, null for what is missing', async () => {
    const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
    const row = (await list('?search=Alice')).items[0]!;
    expect(Object.keys(row).sort()).toEqual(['id', 'organization_id', ...LEAD_LIST_FIELDS, 'created_at', 'updated_at', 'version'].sort());
    expect(row).toMatchObject({ id: ids.alice, organization_id: a.organizationId, owner_1_name: 'Alice Johnson', last_call_at: null, year_built: null });
    expect(row.created_at).toMatch(ISO);
    const lead = (await t.request('GET', `/api/leads/${ids.alice}`, { cookie: a.cookie })).json();
    expect(Object.keys(lead).sort()).toEqual(['id', 'organization_id', ...LEAD_FIELD_NAMES, 'created_at', 'updated_at', 'version', 'dnc_numbers'].sort());
    expect(lead.updated_at).toMatch(ISO);
    expect(lead.enriched_at).toBeNull();
  });

  it('has exactly the columns of the domain field registry', async () => {
    const cols = await sql<{ column_name: string; data_type: string }>`
      select column_name, data_type from information_schema.columns where table_name = 'leads'`.execute(t.database.db);
    const byName = new Map(cols.rows.map((c) => [c.column_name, c.data_type]));
    const pgType = { text: 'text', integer: 'integer', numeric: 'double precision', boolean: 'boolean', date: 'date', timestamptz: 'timestamp with time zone', 'text[]': 'ARRAY' } as const;
    for (const name of LEAD_FIELD_NAMES) expect(byName.get(name), name).toBe(pgType[LEAD_FIELDS[name][0]]);
    const extra = [...byName.keys()].filter((c) => !(LEAD_FIELD_NAMES as string[]).includes(c)).sort();
    expect(extra).toEqual([
      'address_key', 'created_at', 'deleted_at', 'deleted_by', 'dnc_listed', 'first_contacted_at', 'id', 'organization_id', 'phone_key', 'phones_e164', 'score_base', 'search_text',
      'status_before_delete', 'updated_at', 'version',
    ]);
  });
});
