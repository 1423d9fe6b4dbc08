import { describe, expect, it } from 'vitest';
import { DAYTIME, newCallingLead, waitFor } from '../../../test/calling';
import { DB_KINDS, ORIGIN, useTestApp } from '../../../test/harness';
import { addMember } from '../../../test/members';
import { memberApi } from '../../../test/member-api';

const FAST = { DEMO_RING_MS: '10', DEMO_MS_PER_WORD: '1', DEMO_SMS_DELIVERY_MS: '10', DEMO_SMS_REPLY_MS: '20' };

describe.each(DB_KINDS)('onboarding checklist on %s', (kind) => {
  const t = useTestApp(kind, FAST);
  const { ok, call } = memberApi(t);

  it('ticks each item from the organization’s own data as the work is done', async () => {
    const owner = await t.createOrg('Onboarding Realty');
    t.app.services.calls.clock = () => DAYTIME;
    t.app.services.conversations.clock = () => DAYTIME;
    const pending = async () => (await ok(owner, 'GET', '/api/onboarding')).items.filter((i: { done: boolean }) => !i.done).map((i: { key: string }) => i.key);
    expect(await ok(owner, 'GET', '/api/onboarding')).toMatchObject({ done: 1, total: 8, complete: false, dismissed_at: null });
    expect(await pending()).toEqual(['phone_number', 'team_invited', 'leads_imported', 'first_call', 'first_text', 'ai_decided', 'first_deal']);

    await ok(owner, 'POST', '/api/phone-numbers', { phone_number: '+15125550100', label: 'Main line', is_primary: true }, 201);
    await ok(owner, 'POST', '/api/organization/invitations', { email: 'rep@example.com' }, 201);
    // Saving the AI switches is the choice, whether it turns them on or off.
    await ok(owner, 'PUT', '/api/organization/settings', { aiIntegration: { enableAutoEnrichment: false } });
    expect(await pending()).toEqual(['leads_imported', 'first_call', 'first_text', 'first_deal']);

    const lead = await newCallingLead(t, owner.cookie, 1);
    // A lead typed in is not an import.
    expect(await pending()).toContain('leads_imported');
    const csv = 'First Name,Last Name,Property Address,Property City,Property State,Property Zip\r\nIda,Import,9 List St,Austin,TX,78701\r\n';
    const upload = await t.app.inject({ method: 'POST', url: '/api/leads/import?filename=list.csv', headers: { origin: ORIGIN, cookie: owner.cookie, 'content-type': 'text/csv' }, payload: csv });
    expect(upload.statusCode, upload.body).toBe(201);
    await ok(owner, 'POST', `/api/leads/import/${upload.json().id}/start`, { mapping: upload.json().proposed_mapping }, 202);
    await waitFor(() => ok(owner, 'GET', `/api/leads/import/${upload.json().id}`), (s) => s.status === 'completed', 'the import');

    const started = await ok(owner, 'POST', '/api/calls', { lead_id: lead.id, from_e164: '+15125550100', to_e164: lead.to }, 201);
    await waitFor(() => ok(owner, 'GET', `/api/calls/${started.call_id}`), (c) => c.status === 'completed', 'the demo call');
    await ok(owner, 'POST', '/api/conversations', { lead_id: lead.id, body: 'Hi, still thinking of selling?' }, 201);
    expect(await pending()).toEqual(['first_deal']);
    await ok(owner, 'POST', '/api/deals', { lead_id: lead.id }, 201);
    expect(await ok(owner, 'GET', '/api/onboarding')).toMatchObject({ done: 8, complete: true });
  });

  it('counts a second member as the team, and lets only owners and admins hide the checklist, audited', async () => {
    const owner = await t.createOrg('Team Realty');
    const member = await addMember(t, owner.organizationId, `onboarding-member-${Date.now()}@example.com`);
    expect((await ok(member, 'GET', '/api/onboarding')).items.find((i: { key: string }) => i.key === 'team_invited').done).toBe(true);
    expect((await call(member, 'POST', '/api/onboarding/dismiss', { dismissed: true })).status).toBe(403);
    const hidden = await ok(owner, 'POST', '/api/onboarding/dismiss', { dismissed: true });
    expect(hidden.dismissed_at).not.toBeNull();
    expect((await ok(member, 'GET', '/api/onboarding')).dismissed_at).toBe(hidden.dismissed_at);
    expect((await ok(owner, 'POST', '/api/onboarding/dismiss', { dismissed: false })).dismissed_at).toBeNull();
    expect((await call(owner, 'POST', '/api/onboarding/dismiss', { dismissed: 'yes' })).body.error.message).toBe('dismissed: expected true or false');
    // Another organization's choice is its own.
    const other = await t.createOrg('Other Realty');
    await ok(owner, 'POST', '/api/onboarding/dismiss', { dismissed: true });
    expect((await ok(other, 'GET', '/api/onboarding')).dismissed_at).toBeNull();
  });
});

describe('onboarding with a language model configured', () => {
  const t = useTestApp('pglite', { LLM_BASE_URL: 'http://127.0.0.1:9/v1' });
  it('counts AI as set up without a saved choice', async () => {
    const owner = await t.createOrg('Model Realty');
    const res = await t.request('GET', '/api/onboarding', { cookie: owner.cookie });
    expect(res.json().items.find((i: { key: string }) => i.key === 'ai_decided').done).toBe(true);
  });
});
