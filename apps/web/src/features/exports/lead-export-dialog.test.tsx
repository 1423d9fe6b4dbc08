import { EXPORT_COLUMNS } from '@wholesail/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeLayout, makeLead, mockLeadsApi, toListItem } from '@/features/leads/test-fixtures';
import { renderApp } from '@/test/render-app';
import { exportHref } from './export-link';

let restoreLayout: () => void;
beforeAll(async () => {
  restoreLayout = fakeLayout();
  await import('@/features/leads/leads-page');
});
afterAll(() => restoreLayout());

const lead = makeLead({ id: 'lead-1', owner_1_name: 'Ana Owner', status: 'new' });
const openDialog = async (path: string) => {
  mockLeadsApi({ 'GET /api/leads': { body: { items: [toListItem(lead)], total: 1, total_exact: true } } });
  const user = userEvent.setup();
  renderApp(path);
  await screen.findByRole('row', { name: 'Ana Owner' });
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Export leads as CSV' }) };
};

describe('the export link', () => {
  it('carries the filters given, leaves blank ones out, and lists columns with plain commas', () => {
    expect(exportHref('/api/leads/export.csv')).toBe('/api/leads/export.csv');
    expect(exportHref('/api/leads/export.csv', { status: 'new', search: ' a&b ', badges: '', maxValue: undefined, columns: ['id', 'name'] })).toBe(
      '/api/leads/export.csv?status=new&search=a%26b&columns=id,name',
    );
  });
});

describe('Export CSV on the leads list', () => {
  it('downloads every lead of the current filters with all columns', async () => {
    const { dialog } = await openDialog('/leads?status=new&badges=vacant&search=oak&minValue=1000&page=2');
    expect(within(dialog).getByText(/every lead matching the filters \(1 lead\)/)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: `All columns (${EXPORT_COLUMNS.leads.length})` })).toBeChecked();
    const link = within(dialog).getByRole('link', { name: 'Download CSV' });
    expect(link).toHaveAttribute('href', '/api/leads/export.csv?status=new&minValue=1000&badges=vacant&search=oak');
    expect(link).toHaveAttribute('download');
  });

  it('downloads the columns ticked, in the file’s order; none ticked, nothing to download', async () => {
    const { user, dialog } = await openDialog('/leads?status=new');
    await user.click(within(dialog).getByRole('radio', { name: 'Choose columns' }));
    // 136 boxes: found by label and clicked with fireEvent, which role queries and typed clicks would make slow.
    const link = () => within(dialog).getByText('Download CSV').closest('a')!;
    expect(within(dialog).getByText(`11 of ${EXPORT_COLUMNS.leads.length} columns`)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByText('Clear'));
    expect(link()).toHaveAttribute('aria-disabled', 'true');
    expect(link()).toHaveAttribute('role', 'link');
    expect(link()).not.toHaveAttribute('href');
    for (const column of ['status', 'owner_1_name', 'id']) fireEvent.click(within(dialog).getByLabelText(column));
    expect(within(dialog).getByLabelText('owner_1_name').closest('fieldset')).toHaveTextContent(/^Owner/);
    expect(link()).toHaveAttribute('href', '/api/leads/export.csv?status=new&columns=id,owner_1_name,status');
    expect(link()).toHaveAttribute('aria-disabled', 'false');
    fireEvent.click(within(dialog).getByText('Select all'));
    expect(link().getAttribute('href')).toBe(`/api/leads/export.csv?status=new&columns=${EXPORT_COLUMNS.leads.join(',')}`);
  });
});
