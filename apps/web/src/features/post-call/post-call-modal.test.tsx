import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { outbox } from '@/features/offline/outbox';
import { queryKeys } from '@/lib/query-keys';
import { mockApi, SIGNED_IN_SESSION } from '@/test/mock-api';
import { PostCallModal, type PostCallModalProps } from './post-call-modal';

afterEach(async () => {
  toast.dismiss();
  for (const entry of outbox.getEntries()) await outbox.remove(entry.seq);
});

const lead = { id: 'lead-1', name: 'Ana Owner', address: '12 Oak St', property_address_full: '12 Oak St, Austin, TX 78701' };

function renderModal(overrides: Partial<PostCallModalProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(queryKeys.session, SIGNED_IN_SESSION);
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const props: PostCallModalProps = {
    open: true, callId: 'call-1', lead, durationMs: 125_400, callNotes: 'Owner wants to sell in spring', onCompleted: vi.fn(), onClose: vi.fn(), ...overrides,
  };
  render(
    <AppProviders client={client}>
      <PostCallModal {...props} />
    </AppProviders>,
  );
  return { props, invalidate, user: userEvent.setup() };
}

const completeBody = (fetchMock: ReturnType<typeof mockApi>) =>
  JSON.parse(String(fetchMock.mock.calls.find(([url]) => url === '/api/calls/call-1/complete')?.[1]?.body));

describe('post-call modal', () => {
  it('shows the call summary: address, duration m:ss and call notes, at max width 2xl', () => {
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Post-Call Actions' });
    expect(dialog).toHaveClass('max-w-2xl');
    expect(screen.getByText('12 Oak St')).toBeInTheDocument();
    expect(screen.getByText('2:05')).toBeInTheDocument();
    expect(screen.getByText('Owner wants to sell in spring')).toBeInTheDocument();
    expect(screen.getByLabelText('Additional Notes')).toHaveClass('min-h-[100px]');
    expect(screen.getByRole('button', { name: 'Complete Call' })).toBeInTheDocument();
  });

  it("falls back to the full property address, then 'Unknown'", () => {
    renderModal({ lead: { id: 'lead-1', name: 'Ana', address: null, property_address_full: '9 Elm Rd, Austin, TX' }, durationMs: 9_000, callNotes: '' });
    expect(screen.getByText('9 Elm Rd, Austin, TX')).toBeInTheDocument();
    expect(screen.getByText('0:09')).toBeInTheDocument();
    expect(screen.queryByText('Call notes')).not.toBeInTheDocument();
  });

  it('starts with DNC checked and says why when the lead asked not to be called again', async () => {
    const fetchMock = mockApi({ 'POST /api/calls/call-1/complete': { body: { call: {}, lead: {}, task: null } } });
    const { user } = renderModal({ doNotCallRequested: true });
    expect(screen.getByLabelText('Mark as Do Not Call (DNC)')).toBeChecked();
    expect(screen.getByTestId('dnc-requested')).toHaveTextContent('The lead asked during the call not to be contacted again.');
    await user.selectOptions(screen.getByLabelText('Call Outcome'), 'not_interested');
    await user.click(screen.getByRole('button', { name: 'Complete Call' }));
    await waitFor(() => expect(completeBody(fetchMock)).toMatchObject({ outcome: 'not_interested', dnc: true }));
  });

  it('starts with DNC unchecked otherwise', () => {
    renderModal();
    expect(screen.getByLabelText('Mark as Do Not Call (DNC)')).not.toBeChecked();
    expect(screen.queryByTestId('dnc-requested')).not.toBeInTheDocument();
  });

  it("shows 'Unknown' when the lead has no address at all", () => {
    renderModal({ lead: { id: 'lead-1', name: 'Ana', address: null } });
    expect(screen.getByText('Unknown')).toBeInTheDocument();
  });

  it('offers the follow-up date only for interested, maybe and callback requested, no earlier than now', async () => {
    const { user } = renderModal();
    const outcome = screen.getByLabelText('Call Outcome');
    expect(screen.queryByLabelText('Follow-up Date')).not.toBeInTheDocument();
    for (const label of ['Interested', 'Maybe', 'Callback Requested']) {
      await user.selectOptions(outcome, label);
      expect(screen.getByLabelText('Follow-up Date')).toHaveAttribute('type', 'datetime-local');
    }
    const min = screen.getByLabelText('Follow-up Date').getAttribute('min') ?? '';
    expect(min).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(Math.abs(new Date(min).getTime() - Date.now())).toBeLessThan(2 * 60_000);
    for (const label of ['Not Interested', 'Appointment Scheduled', 'Offer Made', 'No Answer', 'Wrong Number']) {
      await user.selectOptions(outcome, label);
      expect(screen.queryByLabelText('Follow-up Date')).not.toBeInTheDocument();
    }
  });

  it('refuses to complete without an outcome', async () => {
    const fetchMock = mockApi({});
    const { user, props } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Complete Call' }));
    expect(await screen.findByText('Status required')).toBeInTheDocument();
    expect(screen.getByText('Please select a call outcome before continuing')).toBeInTheDocument();
    // The field says so too, for a screen reader and for whoever missed the toast.
    const select = screen.getByLabelText('Call Outcome');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choose how the call went');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(props.onCompleted).not.toHaveBeenCalled();
  });

  it('refuses a follow-up date in the past under its field', async () => {
    const fetchMock = mockApi({});
    const { user } = renderModal();
    await user.selectOptions(screen.getByLabelText('Call Outcome'), 'interested');
    fireEvent.change(screen.getByLabelText('Follow-up Date'), { target: { value: '2020-01-01T09:00' } });
    await user.click(screen.getByRole('button', { name: 'Complete Call' }));
    expect(await screen.findByLabelText('Follow-up Date')).toHaveAccessibleDescription('Follow-up date cannot be in the past');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses to complete without a lead id', async () => {
    const fetchMock = mockApi({});
    const { user } = renderModal({ lead: { id: '', name: 'Ana', address: null } });
    await user.selectOptions(screen.getByLabelText('Call Outcome'), 'No Answer');
    await user.click(screen.getByRole('button', { name: 'Complete Call' }));
    expect(await screen.findByText('Lead ID is missing')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts outcome, follow-up, the call notes combined with the trimmed additional notes, DNC and duration, then signals completion', async () => {
    const result = { call: { id: 'call-1' }, lead: { id: 'lead-1' }, task: null };
    let release: () => void = () => {};
    const fetchMock = mockApi({
      'POST /api/calls/call-1/complete': () => new Promise((resolve) => (release = () => resolve({ body: result }))),
    });
    const { user, props, invalidate } = renderModal();
    await user.selectOptions(screen.getByLabelText('Call Outcome'), 'Callback Requested');
    const followUp = screen.getByLabelText('Follow-up Date');
    await user.type(followUp, '2099-05-06T14:30');
    await user.type(screen.getByLabelText('Additional Notes'), '   Call back after lunch  ');
    await user.click(screen.getByLabelText('Mark as Do Not Call (DNC)'));
    await user.click(screen.getByRole('button', { name: 'Complete Call' }));

    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Call completed')).toBeInTheDocument();
    expect(screen.getByText('Lead updated with Callback Requested status')).toBeInTheDocument();
    expect(completeBody(fetchMock)).toEqual({
      outcome: 'callback_requested',
      followUpAt: new Date('2099-05-06T14:30').toISOString(),
      notes: 'Owner wants to sell in spring / Call back after lunch',
      dnc: true,
      durationMs: 125_400,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    await waitFor(() => expect(props.onCompleted).toHaveBeenCalledWith(result));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['leads'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['ai_tasks'] });
  });

  it('sends no follow-up for an outcome without one', async () => {
    const fetchMock = mockApi({ 'POST /api/calls/call-1/complete': { body: { call: {}, lead: {}, task: null } } });
    const { user } = renderModal();
    await user.selectOptions(screen.getByLabelText('Call Outcome'), 'Not Interested');
    await user.click(screen.getByRole('button', { name: 'Complete Call' }));
    expect(await screen.findByText('Lead updated with Not Interested status')).toBeInTheDocument();
    expect(completeBody(fetchMock)).toEqual({ outcome: 'not_interested', notes: 'Owner wants to sell in spring', dnc: false, durationMs: 125_400, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  });

  it("shows 'Update failed' with the server message", async () => {
    mockApi({ 'POST /api/calls/call-1/complete': { status: 409, body: { error: { code: 'CONFLICT', message: 'This call is already completed' } } } });
    const { user, props } = renderModal();
    await user.selectOptions(screen.getByLabelText('Call Outcome'), 'Offer Made');
    await user.click(screen.getByRole('button', { name: 'Complete Call' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(screen.getByText('This call is already completed')).toBeInTheDocument();
    expect(props.onCompleted).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Complete Call' })).toBeEnabled();
  });

  it("falls back to 'Failed to update lead' when the server sends no message", async () => {
    mockApi({ 'POST /api/calls/call-1/complete': { status: 422 } });
    const { user } = renderModal();
    await user.selectOptions(screen.getByLabelText('Call Outcome'), 'Offer Made');
    await user.click(screen.getByRole('button', { name: 'Complete Call' }));
    expect(await screen.findByText('Failed to update lead')).toBeInTheDocument();
  });

  it("offline, queues the outcome with the lead's version and says 'Saved offline — will sync when you are back online'", async () => {
    const fetchMock = mockApi({});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user, props, invalidate } = renderModal({ lead: { ...lead, version: 3 } });
    await user.selectOptions(screen.getByLabelText('Call Outcome'), 'Interested');
    await user.type(screen.getByLabelText('Additional Notes'), 'Wants an offer by Friday');
    await user.click(screen.getByRole('button', { name: 'Complete Call' }));
    expect(await screen.findByText('Saved offline — will sync when you are back online')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(props.onCompleted).toHaveBeenCalledWith(null);
    expect(invalidate).not.toHaveBeenCalled();
    expect(outbox.getEntries()).toEqual([
      expect.objectContaining({
        userId: 'user-1',
        callId: 'call-1',
        status: 'pending',
        lead: { id: 'lead-1', name: 'Ana Owner' },
        body: { outcome: 'interested', notes: 'Owner wants to sell in spring / Wants an offer by Friday', dnc: false, durationMs: 125_400, leadVersion: 3, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      }),
    ]);
  });

  it('queues instead of failing when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const { user, props } = renderModal();
    await user.selectOptions(screen.getByLabelText('Call Outcome'), 'No Answer');
    await user.click(screen.getByRole('button', { name: 'Complete Call' }));
    expect(await screen.findByText('Saved offline — will sync when you are back online')).toBeInTheDocument();
    expect(screen.queryByText('Update failed')).not.toBeInTheDocument();
    expect(props.onCompleted).toHaveBeenCalledWith(null);
    expect(outbox.getEntries().map((e) => e.body.outcome)).toEqual(['no_answer']);
  });

  it('Skip for Now signals close without saving', async () => {
    const fetchMock = mockApi({});
    const { user, props } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Skip for Now' }));
    expect(props.onClose).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
