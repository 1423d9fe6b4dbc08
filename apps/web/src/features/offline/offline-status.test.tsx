import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { ApiError } from '@/lib/api';
import { ME, mockApi, SIGNED_IN_SESSION } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { OfflineStatus } from './offline-status';
import type { Outbox, OutboxEntry } from './outbox';
import type { SendEntry } from './outbox-sync';
import { completedCall, memoryOutbox, queuedEntry } from './test-fixtures';

afterEach(() => {
  act(() => toast.dismiss());
});

const CHANGED = new ApiError(409, 'LEAD_CHANGED', 'This lead was changed after you last saw it, so the call outcome was not saved.');

function server(fail: Record<string, unknown> = {}) {
  const sent: OutboxEntry[] = [];
  const send = vi.fn<SendEntry>(async (entry) => {
    sent.push(entry);
    const failure = fail[entry.callId];
    // Like the server: a lead that changed only refuses an outcome that carries the version check.
    if (failure && (failure !== CHANGED || entry.body.leadVersion)) throw failure;
    return completedCall(entry.callId, entry.lead.id, 4);
  });
  return { sent, send };
}

function renderStatus(box: Outbox, send: SendEntry) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <AppProviders client={client}>
      <OfflineStatus userId="user-1" outbox={box} send={send} />
    </AppProviders>,
  );
  return { invalidate };
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
    window.dispatchEvent(new Event(online ? 'app-online' : 'app-offline'));
  });
}

describe('offline updates in the signed-in layout', () => {
  it("shows the offline banner with what waits, sends it in order when back online and says 'Synced 2 offline updates'", async () => {
    const box = memoryOutbox();
    await box.enqueue(queuedEntry(1));
    await box.enqueue(queuedEntry(2));
    const { sent, send } = server();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { invalidate } = renderStatus(box, send);

    const banner = await screen.findByText('Offline — showing saved data');
    expect(banner.closest('[role="status"]')).toHaveTextContent('2 updates will sync when you are back online');
    expect(send).not.toHaveBeenCalled();

    setOnline(true);
    expect(await screen.findByText('Synced 2 offline updates')).toBeInTheDocument();
    expect(sent.map((e) => e.callId)).toEqual(['call-1', 'call-2']);
    expect(screen.queryByText('Offline — showing saved data')).not.toBeInTheDocument();
    expect(box.getEntries()).toEqual([]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['leads'] });
  });

  it('sends what waits from an earlier visit as soon as the layout opens online', async () => {
    const box = memoryOutbox();
    await box.enqueue(queuedEntry(1));
    const { send } = server();
    renderStatus(box, send);
    expect(await screen.findByText('Synced 1 offline update')).toBeInTheDocument();
  });

  it("shows a conflict instead of overwriting: a toast with the lead's name and Review, then Send anyway without the check", async () => {
    const box = memoryOutbox();
    await box.enqueue(queuedEntry(1, { lead: { id: 'lead-1', name: 'Ana Owner' } }));
    await box.enqueue(queuedEntry(2));
    const first = server({ 'call-1': CHANGED });
    renderStatus(box, first.send);

    expect(await screen.findByText('Ana Owner changed while you were offline')).toBeInTheDocument();
    expect(screen.getByText('Your call outcome was not saved over the change.')).toBeInTheDocument();
    expect(await screen.findByText('Synced 1 offline update')).toBeInTheDocument();
    expect(screen.getByText('1 offline update needs your review')).toBeInTheDocument();
    expect(box.getEntries()).toEqual([expect.objectContaining({ callId: 'call-1', status: 'conflict' })]);

    // The toast's action (a click without pointer events: sonner's swipe handling needs pointer capture).
    const toastReview = screen.getAllByRole('button', { name: 'Review' }).find((b) => b.closest('[data-sonner-toast]'));
    fireEvent.click(toastReview!);
    const dialog = await screen.findByRole('dialog', { name: 'Offline updates to review' });
    const item = within(dialog).getByRole('listitem');
    expect(item).toHaveTextContent('Ana Owner');
    expect(item).toHaveTextContent('Outcome: Interested');
    expect(item).toHaveTextContent('note 1');
    expect(item).toHaveTextContent('This lead was changed after you last saw it');

    const user = userEvent.setup();
    await user.click(within(item).getByRole('button', { name: 'Send anyway' }));
    expect(await screen.findByText('Call outcome saved')).toBeInTheDocument();
    const resent = first.sent.at(-1)!;
    expect(resent.callId).toBe('call-1');
    expect(resent.body).not.toHaveProperty('leadVersion');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(/needs your review/)).not.toBeInTheDocument();
    expect(box.getEntries()).toEqual([]);
  });

  it('lets the agent discard a conflict, and shows a refusal with its message', async () => {
    const box = memoryOutbox();
    await box.enqueue(queuedEntry(1));
    await box.enqueue(queuedEntry(2));
    const { send } = server({ 'call-1': CHANGED, 'call-2': new ApiError(409, 'ALREADY_COMPLETED', 'This call has already been completed') });
    renderStatus(box, send);

    expect(await screen.findByText('Could not sync the call outcome for Lead 2')).toBeInTheDocument();
    expect(await screen.findByText('2 offline updates need your review')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Review' }).find((b) => !b.closest('[data-sonner-toast]'))!);
    const dialog = await screen.findByRole('dialog', { name: 'Offline updates to review' });
    const [conflict, refused] = within(dialog).getAllByRole('listitem');
    expect(within(refused!).queryByRole('button', { name: 'Send anyway' })).not.toBeInTheDocument();
    expect(refused).toHaveTextContent('This call has already been completed');

    await user.click(within(conflict!).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Offline update discarded')).toBeInTheDocument();
    expect(box.getEntries().map((e) => e.callId)).toEqual(['call-2']);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('keeps what could not be sent for the next try and shows nothing as synced', async () => {
    const box = memoryOutbox();
    await box.enqueue(queuedEntry(1));
    const { send } = server({ 'call-1': new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server') });
    renderStatus(box, send);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/Synced/)).not.toBeInTheDocument();
    expect(box.getEntries()).toEqual([expect.objectContaining({ callId: 'call-1', status: 'pending' })]);
  });

  it('is part of the signed-in layout: the banner shows while offline and goes when the connection returns', async () => {
    mockApi({ 'GET /api/auth/get-session': { body: SIGNED_IN_SESSION }, 'GET /api/me': { body: ME } });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByText('Offline — showing saved data')).toBeInTheDocument();
    setOnline(true);
    expect(screen.queryByText('Offline — showing saved data')).not.toBeInTheDocument();
  });
});
