import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { mockApi } from '@/test/mock-api';
import { ImportLeadsButton } from './import-leads-button';
import type { ImportPreview, ImportStatus } from './import-api';

const PREVIEW: ImportPreview = {
  id: 'imp-1',
  status: 'awaiting_mapping',
  filename: 'leads.csv',
  total_rows: 4,
  headers: ['Owner Name', 'Address', 'Phone', 'Favourite colour'],
  proposed_mapping: { 'Owner Name': 'owner_1_name', Address: 'property_address_full', Phone: 'contact_1_phone1', 'Favourite colour': null },
  unknown_columns: ['Favourite colour'],
  sample_rows: [
    ['Jane Doe', '1 Elm St, Austin, TX 78701', '5125550100', 'blue'],
    ['John Roe', '2 Oak St, Austin, TX 78702', '', 'red'],
  ],
};

const status = (over: Partial<ImportStatus>): ImportStatus => ({
  id: 'imp-1',
  status: 'running',
  filename: 'leads.csv',
  total_rows: 4,
  rows_read: 0,
  inserted: 0,
  updated: 0,
  skipped: 0,
  errors: [],
  created_at: '2025-03-01T10:00:00Z',
  finished_at: null,
  ...over,
});

function renderButton() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <AppProviders client={client}>
      <ImportLeadsButton />
    </AppProviders>,
  );
  return { client, invalidate };
}

const csv = (text = 'Owner Name,Address\nJane,1 Elm St\n', name = 'leads.csv') => new File([text], name, { type: 'text/csv' });

afterEach(() => {
  vi.useRealTimers();
});

describe('CSV import', () => {
  it('uploads, pre-fills the mapping, starts with the edited mapping and polls until completed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      status({ status: 'running', rows_read: 2, inserted: 1, skipped: 1, errors: [{ row: 3, reason: 'row 3: contact_1_phone1: Phone number must be at least 10 digits' }] }),
      status({
        status: 'completed',
        rows_read: 4,
        inserted: 2,
        updated: 1,
        skipped: 1,
        errors: [{ row: 3, reason: 'row 3: contact_1_phone1: Phone number must be at least 10 digits' }],
        finished_at: '2025-03-01T10:00:05Z',
      }),
    ];
    const fetchMock = mockApi({
      'POST /api/leads/import?filename=leads.csv': { status: 201, body: PREVIEW },
      'POST /api/leads/import/imp-1/start': { status: 202, body: status({ status: 'queued' }) },
      'GET /api/leads/import/imp-1': () => ({ body: answers.length > 1 ? answers.shift()! : answers[0]! }),
    });
    const { invalidate } = renderButton();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog');
    const file = csv();
    await user.upload(within(dialog).getByLabelText('CSV file'), file);

    // Upload: the file itself, as text/csv.
    const upload = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/leads/import?'));
    expect(upload?.[1]?.body).toBe(file);
    expect((upload?.[1]?.headers as Record<string, string>)['Content-Type']).toBe('text/csv');

    // Mapping, pre-filled from proposed_mapping.
    expect(await within(dialog).findByText('Map columns')).toBeInTheDocument();
    expect(within(dialog).getByText(/4 rows/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Lead field for Owner Name')).toHaveValue('owner_1_name');
    expect(within(dialog).getByLabelText('Lead field for Address')).toHaveValue('property_address_full');
    expect(within(dialog).getByLabelText('Lead field for Favourite colour')).toHaveValue('');
    expect(within(dialog).getByText('Not imported unless you map them')).toBeInTheDocument();
    expect(within(dialog).getByText('1 Elm St, Austin, TX 78701')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Lead field for Phone'), '— Skip column —');
    await user.selectOptions(within(dialog).getByLabelText('Lead field for Favourite colour'), 'notes');
    await user.click(within(dialog).getByRole('button', { name: 'Start import' }));

    const start = fetchMock.mock.calls.find(([url]) => url === '/api/leads/import/imp-1/start');
    expect(JSON.parse(String(start?.[1]?.body))).toEqual({
      mapping: { 'Owner Name': 'owner_1_name', Address: 'property_address_full', Phone: null, 'Favourite colour': 'notes' },
    });

    // Progress: counts and errors, polled each second.
    expect(await within(dialog).findByText('2 of 4 rows read')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(within(dialog).getByText('Row 3')).toBeInTheDocument();
    expect(within(dialog).getByText('contact_1_phone1: Phone number must be at least 10 digits')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(await within(dialog).findByText('Import complete')).toBeInTheDocument();
    expect(within(dialog).getByText('4 of 4 rows read')).toBeInTheDocument();
    const counter = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(counter('Inserted')).toBe('2');
    expect(counter('Updated (duplicates)')).toBe('1');
    expect(counter('Skipped')).toBe('1');

    const polls = () => fetchMock.mock.calls.filter(([url, init]) => url === '/api/leads/import/imp-1' && (init?.method ?? 'GET') === 'GET').length;
    const after = polls();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3500);
    });
    expect(polls()).toBe(after);

    await user.click(within(dialog).getByRole('button', { name: 'View leads' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['leads'] });
  });

  it('refuses a file that is not CSV, or empty, without uploading', async () => {
    const fetchMock = mockApi({});
    renderButton();
    const user = userEvent.setup({ applyAccept: false });
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(within(dialog).getByLabelText('CSV file'), new File(['x'], 'leads.xlsx', { type: 'application/vnd.ms-excel' }));
    expect(within(dialog).getByText('"leads.xlsx" is not a CSV file. Choose a file ending in .csv.')).toBeInTheDocument();
    fireEvent.drop(within(dialog).getByText('Drop a .csv file here or click to choose one'), { dataTransfer: { files: [csv('', 'empty.csv')] } });
    expect(within(dialog).getByText('"empty.csv" is empty. Choose a CSV file with a header row and at least one lead.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's upload error verbatim", async () => {
    mockApi({ 'POST /api/leads/import?filename=leads.csv': { status: 400, body: { error: { code: 'VALIDATION', message: 'The CSV has no header row' } } } });
    renderButton();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(within(dialog).getByLabelText('CSV file'), csv());
    expect(await within(dialog).findByText('The CSV has no header row')).toBeInTheDocument();
  });

  it("shows the server's start error verbatim and a failed import", async () => {
    let started = false;
    mockApi({
      'POST /api/leads/import?filename=leads.csv': { status: 201, body: PREVIEW },
      'POST /api/leads/import/imp-1/start': () => {
        if (!started) {
          started = true;
          return { status: 400, body: { error: { code: 'VALIDATION', message: 'mapping: map at least an address or an owner name column' } } };
        }
        return { status: 202, body: status({ status: 'failed', rows_read: 1, skipped: 1 }) };
      },
      'GET /api/leads/import/imp-1': { body: status({ status: 'failed', rows_read: 1, skipped: 1 }) },
    });
    renderButton();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(within(dialog).getByLabelText('CSV file'), csv());
    await user.click(await within(dialog).findByRole('button', { name: 'Start import' }));
    expect(await within(dialog).findByText('mapping: map at least an address or an owner name column')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Start import' }));
    expect(await within(dialog).findByText('Import failed')).toBeInTheDocument();
  });
});
