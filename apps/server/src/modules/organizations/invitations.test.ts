import { beforeAll, describe, expect, it } from 'vitest';
import { insertUserWithPassword } from '../../auth/users';
import { withSystem } from '../../db/scope';
import { DB_KINDS, sessionCookie, useTestApp, type TestApp } from '../../../test/harness';

describe.each(DB_KINDS)('invitations on %s', (kind) => {
  const t = useTestApp(kind);
  let owner: Awaited<ReturnType<TestApp['createOrg']>>;

  const invite = async (email: string, role = 'member') => {
    const res = await t.request('POST', '/api/organization/invitations', { cookie: owner.cookie, body: { email, role } });
    expect(res.statusCode).toBe(201);
    const { invitation, link } = res.json();
    return { invitation, link: link as string, token: (link as string).split('/accept-invitation/')[1]! };
  };

  beforeAll(async () => {
    owner = await t.createOrg('Invite Realty');
  });

  it('mails a link to /accept-invitation/{token}; the invitee creates an account and joins, once', async () => {
    const { invitation, link, token } = await invite('Agent.One@Example.com');
    expect(invitation).toMatchObject({ email: 'agent.one@example.com', role: 'member', status: 'pending' });
    expect(link).toMatch(/^http:\/\/localhost:3000\/accept-invitation\/[\w-]{20,}$/);
    const mail = await t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'agent.one@example.com').executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`${link}?proof=`);

    const short = await t.request('GET', '/api/invitations/abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('token: the invitation link is incomplete');
    const preview = await t.request('GET', `/api/invitations/${token}`);
    expect(preview.json()).toMatchObject({ email: 'agent.one@example.com', organization_name: 'Invite Realty', role: 'member' });

    const missing = await t.request('POST', `/api/invitations/${token}/accept`, { body: {} });
    expect(missing.statusCode).toBe(400);
    const weak = await t.request('POST', `/api/invitations/${token}/accept`, { body: { name: 'Agent One', password: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toMatch(/password/i);

    const accepted = await t.request('POST', `/api/invitations/${token}/accept`, { body: { name: 'Agent One', password: 'agent one password' } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().organization).toEqual({ id: owner.organizationId, name: 'Invite Realty' });
    const me = await t.request('GET', '/api/me', { cookie: sessionCookie(accepted) });
    expect(me.json()).toMatchObject({ user: { email: 'agent.one@example.com', name: 'Agent One' }, organization: { id: owner.organizationId }, role: 'member' });

    const reused = await t.request('POST', `/api/invitations/${token}/accept`, { body: { name: 'Someone', password: 'another password' } });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().error.message).toBe('This invitation has already been used');
    expect((await t.request('GET', `/api/invitations/${token}`)).statusCode).toBe(410);

    const members = (await t.request('GET', '/api/organization/members', { cookie: owner.cookie })).json().members;
    expect(members.map((m: { email: string }) => m.email)).toEqual([owner.email, 'agent.one@example.com']);
    const list = (await t.request('GET', '/api/organization/invitations', { cookie: owner.cookie })).json().invitations;
    expect(list.find((i: { id: string }) => i.id === invitation.id).status).toBe('accepted');
  });

  it("marks an invitee's address verified only when the account comes from the mailed link", async () => {
    const verifiedOf = async (email: string) =>
      (await t.database.db.selectFrom('users').select('email_verified').where('email', '=', email).executeTakeFirstOrThrow()).email_verified;
    const mailedLink = async (email: string) => {
      const mail = await t.database.db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', email).executeTakeFirstOrThrow();
      return new URL(mail.text_body.match(/http\S+/)![0]);
    };

    // The link the inviter is shown (and could open themselves) proves nothing about the mailbox.
    const copied = await invite('copied.link@example.com');
    expect((await mailedLink('copied.link@example.com')).searchParams.get('proof')).toBeTruthy();
    const forged = await t.request('POST', `/api/invitations/${copied.token}/accept`, { body: { name: 'C', password: 'copied link pass', emailProof: 'x'.repeat(43) } });
    expect(forged.statusCode).toBe(200);
    expect(await verifiedOf('copied.link@example.com')).toBe(false);

    const mailed = await invite('mailed.link@example.com');
    const link = await mailedLink('mailed.link@example.com');
    expect(link.pathname).toBe(`/accept-invitation/${mailed.token}`);
    const proof = link.searchParams.get('proof')!;
    // A proof belongs to its own invitation's token.
    const other = await invite('other.mailbox@example.com');
    await t.request('POST', `/api/invitations/${other.token}/accept`, { body: { name: 'O', password: 'other mailbox pass', emailProof: proof } });
    expect(await verifiedOf('other.mailbox@example.com')).toBe(false);

    const accepted = await t.request('POST', `/api/invitations/${mailed.token}/accept`, { body: { name: 'M', password: 'mailed link pass', emailProof: proof } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await verifiedOf('mailed.link@example.com')).toBe(true);
  });

  it('refuses expired, revoked and unknown tokens with a clear message', async () => {
    const expired = await invite('late@example.com');
    await withSystem(t.database.db, (tx) => tx.updateTable('invitations').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', expired.invitation.id).execute());
    const late = await t.request('POST', `/api/invitations/${expired.token}/accept`, { body: { name: 'Late', password: 'late password 1' } });
    expect(late.statusCode).toBe(410);
    expect(late.json().error.message).toMatch(/expired/);

    const revoked = await invite('revoked@example.com');
    expect((await t.request('DELETE', `/api/organization/invitations/${revoked.invitation.id}`, { cookie: owner.cookie })).statusCode).toBe(204);
    const res = await t.request('POST', `/api/invitations/${revoked.token}/accept`, { body: { name: 'R', password: 'revoked password 1' } });
    expect(res.statusCode).toBe(410);
    expect(res.json().error.message).toMatch(/revoked/);

    const unknown = await t.request('GET', '/api/invitations/this-token-does-not-exist-at-all');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/not found/i);
    expect((await t.request('DELETE', '/api/organization/invitations/00000000-0000-0000-0000-000000000000', { cookie: owner.cookie })).statusCode).toBe(404);
  });

  it('refuses an invitee signed in with a different email, and lets the right account join', async () => {
    const { token } = await invite('existing@example.com');
    await withSystem(t.database.db, async (tx) => {
      await insertUserWithPassword(tx, { email: 'existing@example.com', name: 'Existing', password: 'existing password' });
      await insertUserWithPassword(tx, { email: 'wrong@example.com', name: 'Wrong', password: 'wrong person pass' });
    });
    const signedOut = await t.request('POST', `/api/invitations/${token}/accept`, { body: { name: 'X', password: 'whatever password' } });
    expect(signedOut.statusCode).toBe(409);
    expect(signedOut.json().error.message).toMatch(/already exists/);

    const wrong = await t.request('POST', `/api/invitations/${token}/accept`, { cookie: await t.signIn('wrong@example.com', 'wrong person pass'), body: {} });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toMatch(/sent to existing@example.com/);

    const cookie = await t.signIn('existing@example.com', 'existing password');
    const ok = await t.request('POST', `/api/invitations/${token}/accept`, { cookie, body: {} });
    expect(ok.statusCode).toBe(200);
    expect((await t.request('GET', '/api/me', { cookie })).json().organization.id).toBe(owner.organizationId);
  });

  it('lets only owners and admins invite, and refuses members and bad emails', async () => {
    const bad = await t.request('POST', '/api/organization/invitations', { cookie: owner.cookie, body: { email: 'not-an-email' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/email/);
    const self = await t.request('POST', '/api/organization/invitations', { cookie: owner.cookie, body: { email: owner.email } });
    expect(self.statusCode).toBe(409);
    const member = await t.signIn('agent.one@example.com', 'agent one password');
    const res = await t.request('POST', '/api/organization/invitations', { cookie: member, body: { email: 'friend@example.com' } });
    expect(res.statusCode).toBe(403);
    expect((await t.request('PATCH', '/api/organization', { cookie: member, body: { name: 'Mine now' } })).statusCode).toBe(403);
  });
});
