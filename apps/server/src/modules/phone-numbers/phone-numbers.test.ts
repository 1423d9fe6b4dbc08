import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { seedDemo } from '../../seed';

describe.each(DB_KINDS)('phone numbers API on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Awaited<ReturnType<TestApp['createOrg']>>;
  let b: Awaited<ReturnType<TestApp['createOrg']>>;
  let member: Awaited<ReturnType<TestApp['createOrg']>>;

  beforeAll(async () => {
    a = await t.createOrg('Numbers A');
    b = await t.createOrg('Numbers B');
    member = await t.createOrg('Numbers Member');
    await t.changeSessions(() => t.database.db.updateTable('user_profiles').set({ role: 'member' }).where('id', '=', member.userId).execute());
  });

  const add = (cookie: string, body: unknown) => t.request('POST', '/api/phone-numbers', { cookie, body });

  it('creates numbers normalised to E.164, refuses bad and duplicate ones, and lists active and primary first', async () => {
    const first = await add(a.cookie, { phone_number: '(512) 555-0101', label: 'Office' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ phone_number: '+15125550101', label: 'Office', is_active: true, is_primary: false });
    const bad = await add(a.cookie, { phone_number: '555-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('phone_number: Phone number must be at least 10 digits');
    expect((await add(a.cookie, { phone_number: '512-555-01x1' })).json().error.message).toMatch(/invalid characters/);
    const dup = await add(a.cookie, { phone_number: '+1 512 555 0101' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toMatch(/\+15125550101 is already/);

    const primary = (await add(a.cookie, { phone_number: '5125550102', is_primary: true })).json();
    expect(primary.is_primary).toBe(true);
    const inactive = (await add(a.cookie, { phone_number: '5125550103', is_active: false })).json();
    const list = (await t.request('GET', '/api/phone-numbers', { cookie: a.cookie })).json().items;
    expect(list.map((n: { phone_number: string }) => n.phone_number)).toEqual(['+15125550102', '+15125550101', '+15125550103']);

    // A new primary unsets the previous one.
    const swapped = await t.request('PATCH', `/api/phone-numbers/${first.json().id}`, { cookie: a.cookie, body: { is_primary: true } });
    expect(swapped.json()).toMatchObject({ is_primary: true });
    const after = (await t.request('GET', '/api/phone-numbers', { cookie: a.cookie })).json().items;
    expect(after.filter((n: { is_primary: boolean }) => n.is_primary).map((n: { phone_number: string }) => n.phone_number)).toEqual(['+15125550101']);

    expect((await t.request('DELETE', `/api/phone-numbers/${inactive.id}`, { cookie: a.cookie })).statusCode).toBe(204);
    expect((await t.request('GET', '/api/phone-numbers', { cookie: a.cookie })).json().items).toHaveLength(2);
  });

  it('lets only owners and admins manage numbers; org B sees none of them', async () => {
    expect((await add(member.cookie, { phone_number: '5125550199' })).statusCode).toBe(403);
    expect((await t.request('GET', '/api/phone-numbers', { cookie: member.cookie })).statusCode).toBe(200);
    const own = (await t.request('GET', '/api/phone-numbers', { cookie: a.cookie })).json().items[0];
    expect((await t.request('GET', '/api/phone-numbers', { cookie: b.cookie })).json().items).toEqual([]);
    expect((await t.request('PATCH', `/api/phone-numbers/${own.id}`, { cookie: b.cookie, body: { label: 'mine' } })).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/phone-numbers/${own.id}`, { cookie: b.cookie })).statusCode).toBe(404);
  });

  it("refuses another organization's active number with 409 NUMBER_IN_USE, naming no organization; a number let go can be claimed", async () => {
    const own = (await add(a.cookie, { phone_number: '5125550151', label: 'Alpha line' })).json();
    for (const body of [{ phone_number: '+15125550151' }, { phone_number: '(512) 555-0151', is_active: true }]) {
      const taken = await add(b.cookie, body);
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ error: { code: 'NUMBER_IN_USE', message: 'This number is already in use' } });
    }
    // Kept switched off by Beta, it is no claim; switching it on while Alpha has it is.
    const parked = await add(b.cookie, { phone_number: '5125550151', is_active: false });
    expect(parked.statusCode).toBe(201);
    const on = await t.request('PATCH', `/api/phone-numbers/${parked.json().id}`, { cookie: b.cookie, body: { is_active: true } });
    expect(on.statusCode).toBe(409);
    expect(on.json().error.code).toBe('NUMBER_IN_USE');
    // Once Alpha lets it go, Beta may use it, and Alpha cannot switch its old entry back on.
    expect((await t.request('PATCH', `/api/phone-numbers/${own.id}`, { cookie: a.cookie, body: { is_active: false } })).statusCode).toBe(200);
    expect((await t.request('PATCH', `/api/phone-numbers/${parked.json().id}`, { cookie: b.cookie, body: { is_active: true } })).json()).toMatchObject({ is_active: true });
    expect((await t.request('PATCH', `/api/phone-numbers/${own.id}`, { cookie: a.cookie, body: { is_active: true } })).statusCode).toBe(409);
  });

  it('sets the default number only to an active organization number and unsets the previous default', async () => {
    const refused = await t.request('PUT', '/api/phone-assignments/default', { cookie: a.cookie, body: { phone_number: '+19995550000' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('The phone number +19995550000 is not an active number of your organization');
    await add(a.cookie, { phone_number: '5125550104', is_active: false });
    expect((await t.request('PUT', '/api/phone-assignments/default', { cookie: a.cookie, body: { phone_number: '5125550104' } })).statusCode).toBe(400);

    const set = await t.request('PUT', '/api/phone-assignments/default', { cookie: a.cookie, body: { phone_number: '(512) 555-0102' } });
    expect(set.json()).toEqual({ phone_number: '+15125550102', is_default: true });
    await t.request('PUT', '/api/phone-assignments/default', { cookie: a.cookie, body: { phone_number: '+15125550101' } });
    const items = (await t.request('GET', '/api/phone-assignments', { cookie: a.cookie })).json().items;
    expect(items).toEqual([
      { phone_number: '+15125550101', is_default: true },
      { phone_number: '+15125550102', is_default: false },
    ]);
    expect((await t.request('GET', '/api/phone-assignments', { cookie: b.cookie })).json().items).toEqual([]);
  });

  it('chooses the caller ID by the priority of dialer.md §4', async () => {
    const c = await t.createOrg('Caller ID');
    const pick = async (q = '') => (await t.request('GET', `/api/calls/caller-id${q}`, { cookie: c.cookie })).json();
    expect(await pick()).toEqual({ phone_number: null, reason: 'none' });
    await add(c.cookie, { phone_number: '5125550201' });
    expect(await pick()).toEqual({ phone_number: '+15125550201', reason: 'first_active' });
    await add(c.cookie, { phone_number: '5125550202', is_primary: true });
    expect(await pick()).toEqual({ phone_number: '+15125550202', reason: 'org_primary' });
    await add(c.cookie, { phone_number: '5125550203' });
    await t.request('PUT', '/api/phone-assignments/default', { cookie: c.cookie, body: { phone_number: '+15125550203' } });
    expect(await pick()).toEqual({ phone_number: '+15125550203', reason: 'user_default' });

    // The number a lead was last called from is that lead's number.
    const lead = (await t.request('POST', '/api/leads', { cookie: c.cookie, body: { owner_1_name: 'Caller Lead', phone: '5125559000', property_address_state: 'TX' } })).json();
    expect(await pick(`?leadId=${lead.id}`)).toEqual({ phone_number: '+15125550203', reason: 'user_default' });
    await t.database.db.insertInto('calls').values({
      organization_id: c.organizationId, lead_id: lead.id, user_id: c.userId, from_e164: '+15125550201', to_e164: '+15125559000',
      provider: 'demo', call_sid: 'CA-caller-id-test', status: 'completed',
    }).execute();
    expect(await pick(`?leadId=${lead.id}`)).toEqual({ phone_number: '+15125550201', reason: 'lead' });
    // A deactivated number is never chosen.
    const n201 = (await t.request('GET', '/api/phone-numbers', { cookie: c.cookie })).json().items.find((n: { phone_number: string }) => n.phone_number === '+15125550201');
    await t.request('PATCH', `/api/phone-numbers/${n201.id}`, { cookie: c.cookie, body: { is_active: false } });
    expect(await pick(`?leadId=${lead.id}`)).toEqual({ phone_number: '+15125550203', reason: 'user_default' });
  });

  it('seeds the demo organization with two demo numbers and the demo user default', async () => {
    await seedDemo(t.database.db, 'demo-seed@example.com', 'wholesail-demo');
    const cookie = await t.signIn('demo-seed@example.com', 'wholesail-demo');
    const numbers = (await t.request('GET', '/api/phone-numbers', { cookie })).json().items;
    expect(numbers.map((n: { phone_number: string; is_primary: boolean }) => [n.phone_number, n.is_primary])).toEqual([['+15125550123', true], ['+15125550124', false]]);
    expect((await t.request('GET', '/api/phone-assignments', { cookie })).json().items).toEqual([{ phone_number: '+15125550123', is_default: true }]);
  });
});
