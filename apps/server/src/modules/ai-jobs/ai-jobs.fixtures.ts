/** Leads, conversations and waiting helpers shared by the AI job tests. */
import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import { withTenant } from '../../db/scope';
import type { DB } from '../../db/types';
import type { TestApp } from '../../../test/harness';

export { poll } from '../../../test/poll';

export type Owner = Awaited<ReturnType<TestApp['createOrg']>>;
export type Req = TestApp['request'];

export const DISTRESSED = {
  owner_1_name: 'Dora Distress', property_address_full: '5 Auction Lane, Austin, TX 78701', pre_foreclosure: true, tax_delinquent: true, vacant: true,
};
export const OPT_OUT = 'please stop texting me, not interested';
export const NO_DATA = {
  owner_1_name: null, contact_1_phone1: null, contact_1_email1: null, estimated_value: null, property_type: null, total_bedrooms: null, total_baths: null,
  building_square_feet: null, year_built: null, last_sale_date: null, last_sale_price: null, mortgage_balance: null, tax_delinquent: null, motivation_score: null,
};

export async function createLead(request: Req, owner: Owner, body: Record<string, unknown>): Promise<string> {
  const res = await request('POST', '/api/leads', { cookie: owner.cookie, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

export const getLead = async (request: Req, owner: Owner, id: string) => (await request('GET', `/api/leads/${id}`, { cookie: owner.cookie })).json();

export async function insertConversation(db: Kysely<DB>, organizationId: string, leadId: string, body: string, direction: 'inbound' | 'outbound' = 'inbound'): Promise<string> {
  return withTenant(db, organizationId, async (tx) => {
    const row = await tx.insertInto('conversations').values({ organization_id: organizationId, lead_id: leadId, body, direction, status: direction === 'inbound' ? 'received' : 'sent' }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
}

export const setAi = async (request: Req, owner: Owner, aiIntegration: Record<string, boolean>) =>
  expect((await request('PUT', '/api/organization/settings', { cookie: owner.cookie, body: { aiIntegration } })).statusCode).toBe(200);
