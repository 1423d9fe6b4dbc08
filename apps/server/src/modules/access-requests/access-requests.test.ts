import { describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp } from '../../../test/harness';

describe.each(DB_KINDS)('POST /api/access-requests on %s', (kind) => {
  const t = useTestApp(kind, { ACCESS_REQUEST_EMAIL: 'operators@example.com' });
  const outbox = () => t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'operators@example.com').execute();

  it('mails a signed-out visitor’s request to the operators, with a human answer', async () => {
    const body = { name: '  Dana Buyer ', email: 'dana@example.com', company: 'Dana Homes', message: 'Two agents, Austin.' };
    const res = await t.request('POST', '/api/access-requests', { body, remoteAddress: '10.9.0.1' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'sent', message: 'Thanks — your request was sent. We will reply by email.' });
    const [mail] = await outbox();
    expect(mail).toMatchObject({ subject: 'Access request: Dana Buyer (Dana Homes)' });
    expect(mail!.text_body).toContain('Dana Buyer <dana@example.com> asks for access to Wholesail.');
    expect(mail!.text_body).toContain('Company: Dana Homes');
    expect(mail!.text_body).toContain('Two agents, Austin.');
    expect(mail!.text_body).toContain('Sent from: 10.9.0.1');
  });

  it('answers 400 naming the field, and sends nothing', async () => {
    const before = (await outbox()).length;
    const noName = await t.request('POST', '/api/access-requests', { body: { name: ' ', email: 'a@example.com' }, remoteAddress: '10.9.0.2' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe('name: Please enter your name');
    const badEmail = await t.request('POST', '/api/access-requests', { body: { name: 'A', email: 'not an email' }, remoteAddress: '10.9.0.2' });
    expect(badEmail.json().error.message).toBe('email: Please enter a valid email address');
    const extra = await t.request('POST', '/api/access-requests', { body: { name: 'A', email: 'a@example.com', role: 'admin' }, remoteAddress: '10.9.0.2' });
    expect(extra.statusCode).toBe(400);
    expect((await outbox()).length).toBe(before);
  });

  it('limits each client address to 5 requests an hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.request('POST', '/api/access-requests', { body: { name: `N${i}`, email: `n${i}@example.com` }, remoteAddress: '10.9.0.3' })).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await t.request('POST', '/api/access-requests', { body: { name: 'Other', email: 'o@example.com' }, remoteAddress: '10.9.0.4' })).statusCode).toBe(202);
  });
});
