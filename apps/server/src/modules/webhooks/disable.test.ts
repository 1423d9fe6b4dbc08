import type { WebhookDelivery } from '@wholesail/domain';
import { describe, expect, it } from 'vitest';
import { insertUserWithPassword } from '../../auth/users';
import { withSystem } from '../../db/scope';
import { DB_KINDS, useTestApp } from '../../../test/harness';
import { memberApi } from '../../../test/member-api';
import { addMember } from '../../../test/members';
import { poll } from '../../../test/poll';
import { useReceiver } from '../../../test/webhook-receiver';
import { upsertProfile } from '../organizations/repo';
import { runAttempt } from './attempt';

describe.each(DB_KINDS)('disabling a failing webhook endpoint on %s', (kind) => {
  const t = useTestApp(kind, { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
  const { ok } = memberApi(t);
  const receiver = useReceiver();

  it('disables an endpoint whose deliveries failed for 3 days, tells its owners and admins by mail and in the app, and sends it nothing more', async () => {
    const owner = await t.createOrg('Failing Receiver');
    const org = owner.organizationId;
    const adminEmail = `hooks-admin-${kind}@example.com`;
    const memberEmail = `hooks-plain-${kind}@example.com`;
    const adminId = await withSystem(t.database.db, async (tx) => {
      const id = await insertUserWithPassword(tx, { email: adminEmail, name: 'Admin', password: 'admin password 1' });
      await upsertProfile(tx, id, org, 'admin');
      return id;
    });
    const member = await addMember(t, org, memberEmail);
    const webhooks = t.app.services.webhooks;
    webhooks.schedule = [60_000];
    receiver.answer('/down', ...Array.from({ length: 5 }, () => ({ status: 500 })));
    const hook = await ok(owner, 'POST', '/api/webhook-endpoints', { url: receiver.url('/down'), events: ['lead.created', 'test.ping'] }, 201);
    const log = async (): Promise<WebhookDelivery[]> => (await ok(owner, 'GET', `/api/webhook-endpoints/${hook.id}/deliveries`)).items;

    // An event's delivery fails once and waits a minute for its retry; the endpoint's failing period starts.
    await ok(owner, 'POST', '/api/leads', { owner_1_name: 'Down Owner' }, 201);
    const waiting = await poll('the first failed attempt', async () => (await log()).find((d) => d.attempts.length === 1));
    expect(waiting).toMatchObject({ status: 'pending', event_type: 'lead.created' });
    const since = (await ok(owner, 'GET', `/api/webhook-endpoints/${hook.id}`)).failing_since;
    expect(since).not.toBeNull();

    // Three days later, still failing: the next failed attempt disables it.
    webhooks.clock = () => new Date(new Date(since).getTime() + 3 * 86_400_000 + 60_000);
    try {
      await ok(owner, 'POST', `/api/webhook-endpoints/${hook.id}/test`, undefined, 202);
      const disabled = await poll('the endpoint to be disabled', async () => {
        const e = await ok(owner, 'GET', `/api/webhook-endpoints/${hook.id}`);
        return e.enabled ? null : e;
      });
      expect(disabled.disabled_reason).toBe(`Disabled automatically: every delivery has failed since ${since} (3 days)`);

      const mails = await poll('the mails', async () => {
        const rows = await t.database.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text_body'])
          .where('to_address', 'in', [owner.email, adminEmail, memberEmail]).orderBy('to_address').execute();
        return rows.length >= 2 ? rows : null;
      });
      expect(mails.map((m) => [m.to_address, m.subject]).sort()).toEqual([[adminEmail, 'A webhook endpoint was disabled'], [owner.email, 'A webhook endpoint was disabled']].sort());
      expect(mails[0]!.text_body).toContain(hook.url);
      expect(mails[0]!.text_body).toContain('http://localhost:3000/developer');
      const notices = await withSystem(t.database.db, (tx) => tx.selectFrom('system_notifications').select(['user_id', 'title', 'link'])
        .where('organization_id', '=', org).where('kind', '=', 'webhook_endpoint.disabled').orderBy('user_id').execute());
      expect(notices.map((n) => n.user_id).sort()).toEqual([owner.userId, adminId].sort());
      expect(notices.map((n) => n.user_id)).not.toContain(member.userId);
      expect(notices[0]).toMatchObject({ title: 'A webhook endpoint was disabled', link: '/developer' });
      const audited = await withSystem(t.database.db, (tx) => tx.selectFrom('activity_logs').select(['actor_id', 'details'])
        .where('organization_id', '=', org).where('action', '=', 'webhook_endpoint.disabled').where('entity_id', '=', hook.id).execute());
      expect(audited).toEqual([{ actor_id: null, details: { url: hook.url, reason: disabled.disabled_reason } }]);

      // The waiting retry is not sent: it fails saying why.
      const sentBefore = receiver.received.length;
      expect(await runAttempt(webhooks, { organizationId: org, deliveryId: waiting.id, attempt: 2, manual: false, retries: true })).toEqual({ outcome: 'failed' });
      expect(receiver.received.length).toBe(sentBefore);
      const settled = (await log()).find((d) => d.id === waiting.id)!;
      expect(settled.status).toBe('failed');
      expect(settled.attempts.at(-1)).toMatchObject({ attempt: 2, status_code: null, error: 'Not sent: the endpoint is disabled' });
    } finally {
      webhooks.clock = () => new Date();
    }
    // Enabled again, it starts afresh.
    expect(await ok(owner, 'PATCH', `/api/webhook-endpoints/${hook.id}`, { enabled: true })).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
  });
});
