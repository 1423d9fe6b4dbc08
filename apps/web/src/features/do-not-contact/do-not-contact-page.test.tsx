import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DNC_MESSAGES, type DncEntry, type DncList } from '@wholesail/domain';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ME, mockApi, SIGNED_IN_SESSION } from '@/test/mock-api';
import { currentUrl, renderApp } from '@/test/render-app';
import { ADD_REASON_REQUIRED, MEMBER_CANNOT_REMOVE, OVERRIDE_REQUIRED } from './messages';

beforeAll(async () => {
  // Warm the lazy layout and route so the first test does not time out.
  await Promise.all([import('@/app/app-layout'), import('./do-not-contact-page')]);
});

afterEach(() => {
  toast.dismiss();
});

const PATH = '/settings/voice-dialer/do-not-contact';
const FIRST_PAGE = '/api/dnc?limit=25&offset=0';

const manual: DncEntry = {
  phone_e164: '+15125550100', source: 'manual', reason: 'Asked on the phone not to be called', lead_id: null, created_by: 'user-1', created_by_name: 'Ana Lopez', created_at: '2025-03-04T10:00:00.000Z',
};
const optOut: DncEntry = {
  phone_e164: '+15125550111', source: 'sms_opt_out', reason: 'STOP', lead_id: 'lead-7', created_by: null, created_by_name: null, created_at: '2025-03-05T10:00:00.000Z',
};
const page = (items: DncEntry[], total = items.length): { body: DncList } => ({ body: { items, total } });

const base = {
  'GET /api/auth/get-session': { body: SIGNED_IN_SESSION },
  'GET /api/me': { body: ME },
  [`GET ${FIRST_PAGE}`]: page([manual, optOut], 60),
};
const asMember = { 'GET /api/me': { body: { ...ME, role: 'member' } } };

type FetchMock = ReturnType<typeof mockApi>;
const requests = (fetchMock: FetchMock, method: string, url: string) => fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method);
const jsonBody = (fetchMock: FetchMock, method: string, url: string) => JSON.parse(String(requests(fetchMock, method, url).at(-1)?.[1]?.body));

async function openScreen(routes: Parameters<typeof mockApi>[0] = {}, path = PATH) {
  const fetchMock = mockApi({ ...base, ...routes });
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Do Not Contact', level: 1 });
  return { fetchMock, router: view.router, user: userEvent.setup() };
}

describe('Do Not Contact list', () => {
  it('lists each number formatted, with its source, reason, lead, who and when, and pages through the list', async () => {
    const { fetchMock, router, user } = await openScreen({ 'GET /api/dnc?limit=25&offset=25': page([{ ...manual, phone_e164: '+15125550199' }], 60) });
    const table = await screen.findByRole('table', { name: 'Do Not Contact list' });
    const first = within(table).getByRole('row', { name: '1 (512) 555-0100' });
    expect(first).toHaveTextContent('Added by hand');
    expect(first).toHaveTextContent('Asked on the phone not to be called');
    expect(first).toHaveTextContent('Mar 4, 2025');
    expect(first).toHaveTextContent('by Ana Lopez');
    expect(first).toHaveTextContent('None');
    const second = within(table).getByRole('row', { name: '1 (512) 555-0111' });
    expect(second).toHaveTextContent('Opted out by text');
    expect(second).toHaveTextContent('by the person themselves');
    expect(within(second).getByRole('link', { name: 'Open the lead of 1 (512) 555-0111' })).toHaveAttribute('href', '/leads/lead-7');
    expect(screen.getByText('Showing 1–2 of 60')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/dnc/export.csv');

    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('row', { name: '1 (512) 555-0199' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe(`${PATH}?page=2`);
    expect(requests(fetchMock, 'GET', FIRST_PAGE)).toHaveLength(1);
  });

  it('searches as the user types, after a pause, and keeps the search in the address', async () => {
    const { fetchMock, router, user } = await openScreen({ 'GET /api/dnc?search=0111&limit=25&offset=0': page([optOut]) });
    await screen.findByRole('row', { name: '1 (512) 555-0100' });
    await user.type(screen.getByLabelText('Search'), '0111');
    await waitFor(() => expect(screen.queryByRole('row', { name: '1 (512) 555-0100' })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: '1 (512) 555-0111' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/dnc/export.csv?search=0111');
    expect(currentUrl(router)).toBe(`${PATH}?search=0111`);
    // One request for the whole word, not one a keystroke.
    expect(fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/dnc?search=')).map(([u]) => u)).toEqual(['/api/dnc?search=0111&limit=25&offset=0']);
  });

  it('opens with the search of a link from a lead, and says when nothing matches', async () => {
    const { user, router } = await openScreen({ 'GET /api/dnc?search=%2B15125550122&limit=25&offset=0': page([]) }, `${PATH}?search=%2B15125550122`);
    expect(screen.getByLabelText('Search')).toHaveValue('+15125550122');
    expect(await screen.findByText('No listed number matches “+15125550122”')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('row', { name: '1 (512) 555-0100' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe(PATH);
  });

  it('adds a number with a reason; a bad number is refused on its field before anything is sent', async () => {
    const created: DncEntry = { ...manual, phone_e164: '+15125550199', reason: 'Wrong number, asked to be removed' };
    const { fetchMock, user } = await openScreen({ 'POST /api/dnc': { status: 201, body: created } });
    await user.click(screen.getByRole('button', { name: 'Add number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a number' });
    const phone = within(dialog).getByLabelText('Phone number');
    await user.type(phone, '512-555');
    await user.click(within(dialog).getByRole('button', { name: 'Add to the list' }));
    expect(await within(dialog).findByText('Phone number must be at least 10 digits')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(ADD_REASON_REQUIRED)).toBeInTheDocument();
    expect(requests(fetchMock, 'POST', '/api/dnc')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '(512) 555-0199');
    await user.type(within(dialog).getByLabelText('Reason'), 'Wrong number, asked to be removed');
    await user.click(within(dialog).getByRole('button', { name: 'Add to the list' }));
    expect(await screen.findByText('Added to the Do Not Contact list')).toBeInTheDocument();
    expect(jsonBody(fetchMock, 'POST', '/api/dnc')).toEqual({ phone: '+15125550199', reason: 'Wrong number, asked to be removed' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a number' })).not.toBeInTheDocument());
    expect(requests(fetchMock, 'GET', FIRST_PAGE).length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's refusal of the number on the number field, as a sentence", async () => {
    const { user } = await openScreen({
      'POST /api/dnc': { status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'phone: Phone number must be 10 digits, or 11 digits starting with 1' } } },
    });
    await user.click(screen.getByRole('button', { name: 'Add number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a number' });
    await user.type(within(dialog).getByLabelText('Phone number'), '5125550199');
    await user.type(within(dialog).getByLabelText('Reason'), 'Asked by email');
    await user.click(within(dialog).getByRole('button', { name: 'Add to the list' }));
    const message = await within(dialog).findByText('Phone number must be 10 digits, or 11 digits starting with 1');
    expect(within(dialog).getByLabelText('Phone number')).toHaveAttribute('aria-describedby', message.id);
    expect(within(dialog).getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText(/^phone:/)).not.toBeInTheDocument();
  });
});

describe('removing a number', () => {
  it('removes with a reason (owner)', async () => {
    const { fetchMock, user } = await openScreen({ 'DELETE /api/dnc/%2B15125550100': { body: { removed: manual, leads_cleared: [] } } });
    await user.click(await screen.findByRole('button', { name: 'Remove 1 (512) 555-0100' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove 1 (512) 555-0100 from the Do Not Contact list?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove number' }));
    expect(await within(dialog).findByText(DNC_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(requests(fetchMock, 'DELETE', '/api/dnc/%2B15125550100')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Listed by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Remove number' }));
    expect(await screen.findByText('Removed from the Do Not Contact list')).toBeInTheDocument();
    expect(jsonBody(fetchMock, 'DELETE', '/api/dnc/%2B15125550100')).toEqual({ reason: 'Listed by mistake' });
  });

  it('tells a member why they cannot remove a number, and sends nothing', async () => {
    const { fetchMock, user } = await openScreen(asMember);
    expect(await screen.findByText(/only owners and admins can remove them/)).toBeInTheDocument();
    const remove = await screen.findByRole('button', { name: `Remove 1 (512) 555-0100: ${MEMBER_CANNOT_REMOVE}` });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    await user.click(remove);
    expect(await screen.findByRole('dialog')).toHaveTextContent(MEMBER_CANNOT_REMOVE);
    expect(screen.queryByLabelText('Reason')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it("shows the server's 403 when the role changed since the page loaded", async () => {
    const { user } = await openScreen({
      'DELETE /api/dnc/%2B15125550100': { status: 403, body: { error: { code: 'FORBIDDEN', message: 'Only owners and admins can remove numbers from the Do Not Contact list' } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove 1 (512) 555-0100' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Listed by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Remove number' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only owners and admins can remove numbers from the Do Not Contact list');
  });

  it('asks for the explicit override for a number the person opted out of by text', async () => {
    const { fetchMock, user } = await openScreen({ 'DELETE /api/dnc/%2B15125550111': { body: { removed: optOut, leads_cleared: ['lead-7'] } } });
    await user.click(await screen.findByRole('button', { name: 'Remove 1 (512) 555-0111' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('This person asked by text not to be contacted.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Emailed us asking for a call back');
    await user.click(within(dialog).getByRole('button', { name: 'Remove anyway' }));
    const box = within(dialog).getByRole('checkbox', { name: 'I confirm this person asked to be contacted again' });
    expect(await within(dialog).findByText(OVERRIDE_REQUIRED)).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(requests(fetchMock, 'DELETE', '/api/dnc/%2B15125550111')).toHaveLength(0);
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Remove anyway' }));
    expect(await screen.findByText('Removed from the Do Not Contact list')).toBeInTheDocument();
    expect(jsonBody(fetchMock, 'DELETE', '/api/dnc/%2B15125550111')).toEqual({ reason: 'Emailed us asking for a call back', confirm_opt_out_override: true });
  });

  it("turns the server's 409 into the override confirmation", async () => {
    let calls = 0;
    const { fetchMock, user } = await openScreen({
      'DELETE /api/dnc/%2B15125550100': () =>
        ++calls === 1
          ? { status: 409, body: { error: { code: 'OPT_OUT_OVERRIDE_REQUIRED', message: 'This number opted out by text' } } }
          : { body: { removed: manual, leads_cleared: [] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove 1 (512) 555-0100' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Listed by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Remove number' }));
    expect(await within(dialog).findByText('This person asked by text not to be contacted.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'I confirm this person asked to be contacted again' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove anyway' }));
    expect(await screen.findByText('Removed from the Do Not Contact list')).toBeInTheDocument();
    expect(requests(fetchMock, 'DELETE', '/api/dnc/%2B15125550100').map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { reason: 'Listed by mistake' },
      { reason: 'Listed by mistake', confirm_opt_out_override: true },
    ]);
  });
});

describe('importing numbers', () => {
  it('uploads the CSV as the form field file and shows the counts and the invalid rows by row number', async () => {
    const { fetchMock, user } = await openScreen({
      'POST /api/dnc/import': {
        body: {
          added: 12,
          already_listed: 3,
          invalid: [{ row: 4, value: '555-01', reason: 'Phone number must be at least 10 digits' }, { row: 9, value: 'n/a', reason: 'Phone number contains invalid characters' }],
          invalid_count: 2,
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import numbers' });
    const file = new File(['phone\n5125550100\n555-01\n'], 'internal-dnc.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('CSV file'), file);
    const result = await screen.findByRole('dialog', { name: 'Import finished' });
    const counts = within(result).getByLabelText('Import result');
    expect(counts).toHaveTextContent('Added12');
    expect(counts).toHaveTextContent('Already listed3');
    expect(counts).toHaveTextContent('Invalid2');
    const rows = within(within(result).getByRole('list', { name: 'Rows not imported' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Row 4 “555-01”: Phone number must be at least 10 digits', 'Row 9 “n/a”: Phone number contains invalid characters']);
    const sent = requests(fetchMock, 'POST', '/api/dnc/import')[0]?.[1]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('file')).toMatchObject({ name: 'internal-dnc.csv' });
  });

  it('refuses a file that is not a CSV before uploading it', async () => {
    const { fetchMock } = await openScreen();
    // The picker's accept filter is only a hint: a dropped or forced file still arrives.
    const user = userEvent.setup({ applyAccept: false });
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import numbers' });
    await user.upload(within(dialog).getByLabelText('CSV file'), new File(['x'], 'list.xlsx', { type: 'application/vnd.ms-excel' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('"list.xlsx" is not a CSV file. Choose a file ending in .csv.');
    expect(requests(fetchMock, 'POST', '/api/dnc/import')).toHaveLength(0);
  });
});
