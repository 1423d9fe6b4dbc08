import type { WebhookDelivery, WebhookEndpoint } from '@wholesail/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { sentBodies } from '@/features/deals/test-fixtures';
import { mockLeadsApi } from '@/features/leads/test-fixtures';
import { renderApp } from '@/test/render-app';

beforeAll(async () => {
  await import('./developer-page');
});

const ENDPOINT: WebhookEndpoint = {
  id: 'ep-1', url: 'https://hooks.example.com/in', description: 'CRM sync', events: ['lead.created', 'call.completed'], enabled: true,
  disabled_reason: null, disabled_at: null, failing_since: '2026-11-27T09:00:00.000Z', previous_secret_expires_at: null,
  created_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-20T10:00:00.000Z',
};
const DELIVERY: WebhookDelivery = {
  id: 'del-1', endpoint_id: 'ep-1', message_id: 'msg_2abc', event_type: 'lead.created', status: 'failed', body: '{"type":"lead.created","data":{"id":"lead-1"}}',
  attempts: [
    { attempt: 1, manual: false, at: '2026-11-27T09:00:00.000Z', status_code: 500, duration_ms: 120, error: null, response_body: 'upstream down' },
    { attempt: 2, manual: false, at: '2026-11-27T09:00:05.000Z', status_code: null, duration_ms: 10000, error: 'No answer within 10 s', response_body: null },
  ],
  next_attempt_at: null, created_at: '2026-11-27T09:00:00.000Z', updated_at: '2026-11-27T09:00:05.000Z',
};
const SECRET = 'whsec_' + 'A'.repeat(43);

describe('/developer webhooks', () => {
  it('adds an endpoint with the events ticked, shows its signing secret, and puts the server’s refusal under the URL', async () => {
    let refuse = true;
    const fetchMock = mockLeadsApi({
      'GET /api/api-keys': { body: { items: [] } },
      'GET /api/webhook-endpoints': { body: { items: [] } },
      'POST /api/webhook-endpoints': () =>
        refuse
          ? ((refuse = false), { status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'url: 10.0.0.5 is a private address: webhooks go to public addresses only' } } })
          : { status: 201, body: { ...ENDPOINT, secret: SECRET } },
    });
    renderApp('/developer');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    await user.type(within(dialog).getByLabelText('URL'), 'https://10.0.0.5/in');
    await user.click(within(dialog).getByRole('checkbox', { name: /call\.completed/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('10.0.0.5 is a private address: webhooks go to public addresses only.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('URL')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(within(dialog).getByLabelText('URL'));
    await user.type(within(dialog).getByLabelText('URL'), 'https://hooks.example.com/in');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByLabelText('The signing secret')).toHaveTextContent(SECRET);
    expect(sentBodies(fetchMock, 'POST', '/api/webhook-endpoints').at(-1)).toEqual({ url: 'https://hooks.example.com/in', events: ['lead.created', 'call.completed'] });
  });

  it('shows an endpoint failing, its delivery log with each attempt’s answer, and sends a delivery again', async () => {
    const fetchMock = mockLeadsApi({
      'GET /api/api-keys': { body: { items: [] } },
      'GET /api/webhook-endpoints': { body: { items: [ENDPOINT] } },
      'GET /api/webhook-endpoints/ep-1/deliveries': { body: { items: [DELIVERY], next_cursor: null } },
      'POST /api/webhook-endpoints/ep-1/deliveries/del-1/replay': { status: 202, body: { ...DELIVERY, status: 'pending' } },
      'POST /api/webhook-endpoints/ep-1/secret/reveal': { body: { secret: SECRET, previous_secret_expires_at: null } },
    });
    renderApp('/developer');
    const user = userEvent.setup();
    expect(await screen.findByText(/Failing since/)).toHaveAttribute('data-tone', 'warning');
    await user.click(screen.getByRole('button', { name: 'Reveal secret' }));
    const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(shown).getByLabelText('Signing secret')).toHaveTextContent(SECRET);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByRole('dialog', { name: 'Deliveries' });
    const item = (await within(log).findByRole('list', { name: 'Deliveries' })).firstElementChild as HTMLElement;
    expect(item).toHaveTextContent('Failed');
    expect(item).toHaveTextContent('2 attempts · No answer within 10 s');
    await user.click(within(item).getByText('lead.created'));
    expect(within(item).getByRole('list', { name: 'Attempts' })).toHaveTextContent('#1 · ');
    expect(within(item).getByRole('list', { name: 'Attempts' })).toHaveTextContent('HTTP 500 in 120 ms');
    expect(within(item).getByText('upstream down')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Sent again')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input, init]) => String(input).endsWith('/replay') && init?.method === 'POST')).toBe(true);
    await user.click(within(log).getByRole('button', { name: 'Failed' }));
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/deliveries?limit=25&status=failed'))).toBe(true);
  });
});
