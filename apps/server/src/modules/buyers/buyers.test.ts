import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';

describe.each(DB_KINDS)('buyers API on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Awaited<ReturnType<TestApp['createOrg']>>;
  let b: Awaited<ReturnType<TestApp['createOrg']>>;

  beforeAll(async () => {
    a = await t.createOrg('Buyers A');
    b = await t.createOrg('Buyers B');
    for (const [contact_name, buyer_score, is_active] of [['Ivy Cash', 90, true], ['Max Flip', 40, true], ['Old Buyer', 95, false], ['Low Ball', 10, true]] as const) {
      const res = await t.request('POST', '/api/buyers', { cookie: a.cookie, body: { contact_name, buyer_score, is_active, primary_phone: '(512) 555-0100' } });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('lists by buyer_score descending with active and minimum-score filters and paging', async () => {
    const list = async (q: string) => (await t.request('GET', `/api/buyers${q}`, { cookie: a.cookie })).json();
    expect((await list('')).items.map((x: { contact_name: string }) => x.contact_name)).toEqual(['Old Buyer', 'Ivy Cash', 'Max Flip', 'Low Ball']);
    expect((await list('?active=true&minScore=40')).items.map((x: { contact_name: string }) => x.contact_name)).toEqual(['Ivy Cash', 'Max Flip']);
    const page = await list('?limit=2&offset=2');
    expect(page.items.map((x: { contact_name: string }) => x.contact_name)).toEqual(['Max Flip', 'Low Ball']);
    expect(page.total).toBe(4);
  });

  it('creates, reads, updates and deletes a buyer, refusing bad input by name', async () => {
    const bad = await t.request('POST', '/api/buyers', { cookie: a.cookie, body: { contact_name: '', primary_email: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/contact_name/);
    const created = (await t.request('POST', '/api/buyers', { cookie: a.cookie, body: { contact_name: 'New Buyer', company_name: 'NB LLC', primary_email: 'NB@Example.com' } })).json();
    expect(created).toMatchObject({ contact_name: 'New Buyer', primary_email: 'nb@example.com', buyer_score: 0, is_active: true });
    const updated = await t.request('PATCH', `/api/buyers/${created.id}`, { cookie: a.cookie, body: { buyer_score: 75, is_active: false } });
    expect(updated.json()).toMatchObject({ buyer_score: 75, is_active: false, company_name: 'NB LLC' });
    expect((await t.request('GET', `/api/buyers/${created.id}`, { cookie: b.cookie })).statusCode).toBe(404);
    expect((await t.request('PATCH', `/api/buyers/${created.id}`, { cookie: b.cookie, body: { buyer_score: 1 } })).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/buyers/${created.id}`, { cookie: b.cookie })).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/buyers/${created.id}`, { cookie: a.cookie })).statusCode).toBe(204);
    expect((await t.request('GET', `/api/buyers/${created.id}`, { cookie: a.cookie })).statusCode).toBe(404);
    expect((await t.request('GET', '/api/buyers', { cookie: b.cookie })).json()).toEqual({ items: [], total: 0 });
  });
});
