import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LeadDncNumber } from '@wholesail/domain';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_DNC_REASON } from '@/features/do-not-contact/messages';
import { renderApp } from '@/test/render-app';
import { makeLead, mockLeadsApi, requestedUrls } from './test-fixtures';

beforeAll(async () => {
  await Promise.all([import('@/app/app-layout'), import('./lead-detail-page')]);
});

afterEach(() => {
  toast.dismiss();
});

const lead = makeLead({
  id: 'lead-2',
  owner_1_name: 'Ben Second',
  property_address_full: '40 Elm St, Austin, TX 78701',
  property_address_state: 'TX',
  phone: '(512) 555-0100',
  contact_1_phone2: '512-555-0111',
});
// 9 PM on March 4 in Austin: dated as the gate dates it, in the lead's time zone.
const listed: LeadDncNumber = { phone_e164: '+15125550100', source: 'lead_edit', reason: 'Owner asked not to be called', created_at: '2025-03-05T03:00:00.000Z' };
const DNC_REFUSAL = '1 (512) 555-0100 is on the Do Not Call list (lead marked Do Not Call, Mar 4, 2025)';

const allowed = { body: { allowed: true } };
const refused = (reason: string, code: string) => ({ body: { allowed: false, reason, code } });

async function openLead(record: object, routes: Parameters<typeof mockLeadsApi>[0] = {}) {
  const fetchMock = mockLeadsApi({
    'GET /api/leads/lead-2': { body: record },
    'GET /api/calls/check': allowed,
    'GET /api/conversations/check': allowed,
    ...routes,
  });
  renderApp('/leads/lead-2');
  await screen.findByRole('heading', { name: 'Ben Second', level: 1 });
  return { fetchMock, user: userEvent.setup() };
}

const callButton = () => screen.getByRole('button', { name: /^Call Lead/ });
const smsAction = () => screen.getByRole(screen.queryByRole('link', { name: 'Send SMS' }) ? 'link' : 'button', { name: /^Send SMS/ });

describe("a lead's Do Not Call state", () => {
  it('shows which of its numbers are listed and why, with a link to each on the Do Not Contact list', async () => {
    await openLead({ ...lead, dnc_status: true, dnc_numbers: [listed] }, {
      'GET /api/calls/check': refused(DNC_REFUSAL, 'DNC_LISTED'),
      'GET /api/conversations/check': refused(DNC_REFUSAL, 'DNC_LISTED'),
    });
    expect(screen.getByText('DNC')).toBeInTheDocument();
    const notice = screen.getByRole('region', { name: 'Do Not Call' });
    const numbers = within(notice).getByRole('list', { name: 'Numbers on the Do Not Call list' });
    expect(numbers).toHaveTextContent('1 (512) 555-0100');
    expect(numbers).toHaveTextContent('Lead marked Do Not Call, Mar 4, 2025');
    expect(numbers).toHaveTextContent('“Owner asked not to be called”');
    expect(within(numbers).queryByText(/555-0111/)).not.toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'See 1 (512) 555-0100 on the Do Not Contact list' })).toHaveAttribute(
      'href',
      '/settings/voice-dialer/do-not-contact?search=%2B15125550100',
    );
    expect(screen.queryByRole('button', { name: 'Mark Do Not Call' })).not.toBeInTheDocument();
  });

  it("disables Call and Send SMS with the check's reason in words next to them", async () => {
    const { user } = await openLead({ ...lead, dnc_status: true, dnc_numbers: [listed] }, {
      'GET /api/calls/check': refused(DNC_REFUSAL, 'DNC_LISTED'),
      'GET /api/conversations/check': refused(DNC_REFUSAL, 'DNC_LISTED'),
    });
    await waitFor(() => expect(screen.getByTestId('contact-blocked')).toHaveTextContent(DNC_REFUSAL));
    expect(callButton()).toHaveAttribute('aria-disabled', 'true');
    expect(smsAction()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('link', { name: 'Send SMS' })).not.toBeInTheDocument();
    // A tap says why too, and opens nothing.
    await user.click(smsAction());
    expect(await screen.findByRole('dialog')).toHaveTextContent(DNC_REFUSAL);
  });

  it('disables them from the lead flag at once, before the checks answer', async () => {
    await openLead({ ...lead, dnc_status: true }, { 'GET /api/calls/check': { status: 500, body: {} }, 'GET /api/conversations/check': { status: 500, body: {} } });
    expect(callButton()).toHaveAttribute('aria-disabled', 'true');
    expect(smsAction()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('contact-blocked')).toHaveTextContent(LEAD_DNC_REASON);
    expect(screen.getByRole('region', { name: 'Do Not Call' })).toHaveTextContent('This lead itself is marked Do Not Call.');
  });

  it('disables only Call when the per-number call limit is reached, and says until when', async () => {
    const limit = 'This number was called 3 times in the last 24 hours; the next call is allowed after 2:15 PM';
    await openLead(lead, { 'GET /api/calls/check': refused(limit, 'CALL_LIMIT_REACHED') });
    await waitFor(() => expect(callButton()).toHaveAttribute('aria-disabled', 'true'));
    expect(screen.getByTestId('contact-blocked')).toHaveTextContent(`Calls: ${limit}`);
    expect(screen.getByRole('link', { name: 'Send SMS' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Do Not Call' })).not.toBeInTheDocument();
  });

  it('keeps Call and Send SMS open for a lead the checks allow', async () => {
    const { fetchMock } = await openLead(lead);
    await waitFor(() => expect(requestedUrls(fetchMock, '/api/calls/check')).toHaveLength(1));
    expect(callButton()).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('link', { name: 'Send SMS' })).toHaveAttribute('href', '/communications?tab=conversations&lead=lead-2');
    expect(screen.queryByTestId('contact-blocked')).not.toBeInTheDocument();
  });
});

describe('marking a lead Do Not Call', () => {
  it('confirms with the numbers that will be listed, then PATCHes dnc_status and shows the lead as DNC', async () => {
    let marked = false;
    const { fetchMock, user } = await openLead(lead, {
      'GET /api/leads/lead-2': () => ({ body: marked ? { ...lead, dnc_status: true, dnc_numbers: [listed, { ...listed, phone_e164: '+15125550111' }] } : lead }),
      'PATCH /api/leads/lead-2': () => {
        marked = true;
        return { body: { ...lead, dnc_status: true } };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Mark Do Not Call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Ben Second Do Not Call?' });
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1 (512) 555-0100', '1 (512) 555-0111']);
    await user.click(within(dialog).getByRole('button', { name: 'Mark Do Not Call' }));
    expect(await screen.findByText('Marked Do Not Call')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ dnc_status: true });
    const notice = await screen.findByRole('region', { name: 'Do Not Call' });
    await waitFor(() => expect(within(notice).getByRole('list', { name: 'Numbers on the Do Not Call list' })).toHaveTextContent('1 (512) 555-0111'));
    expect(callButton()).toHaveAttribute('aria-disabled', 'true');
    // The checks are asked again after the change.
    expect(requestedUrls(fetchMock, '/api/calls/check').length).toBeGreaterThanOrEqual(2);
  });

  it('shows why marking failed and leaves the lead as it was', async () => {
    const { user } = await openLead(lead, { 'PATCH /api/leads/lead-2': { status: 403, body: { error: { code: 'FORBIDDEN', message: 'You are not a member of this organization' } } } });
    await user.click(screen.getByRole('button', { name: 'Mark Do Not Call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Ben Second Do Not Call?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark Do Not Call' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You are not a member of this organization');
    expect(screen.queryByRole('region', { name: 'Do Not Call' })).not.toBeInTheDocument();
  });
});
