import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LEAD_MESSAGES, type Lead } from '@wholesail/domain';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ME } from '@/test/mock-api';
import { currentUrl, renderApp } from '@/test/render-app';
import { DNC_CLEAR_REFUSAL } from './lead-edit-form';
import { fakeLayout, makeLead, mockLeadsApi, toListItem } from './test-fixtures';

beforeAll(async () => {
  await Promise.all([import('@/app/app-layout'), import('./lead-detail-page'), import('./leads-page')]);
});

afterEach(() => {
  toast.dismiss();
});

const lead = makeLead({
  id: 'lead-7',
  owner_1_name: 'Ana Owner',
  contact_1_phone1: '512-555-0100',
  contact_1_email1: 'ana@example.com',
  property_address_full: '12 Oak St, Austin, TX 78701',
  status: 'new',
  badges: ['vacant'],
  notes: 'First call went well.',
  version: 3,
});

type Routes = Parameters<typeof mockLeadsApi>[0];

async function openLead(record: Lead = lead, routes: Routes = {}) {
  const fetchMock = mockLeadsApi({
    'GET /api/leads/lead-7': { body: record },
    'GET /api/calls/check': { body: { allowed: true } },
    'GET /api/conversations/check': { body: { allowed: true } },
    ...routes,
  });
  const { router } = renderApp('/leads/lead-7');
  await screen.findByRole('heading', { name: 'Ana Owner', level: 1 });
  return { fetchMock, router, user: userEvent.setup() };
}

const patches = (fetchMock: Awaited<ReturnType<typeof openLead>>['fetchMock']) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

const region = (name: string) => screen.getByRole('region', { name });

/** A PATCH answer the test releases when it has looked at the screen in between. */
function heldReply() {
  let release: (reply: { status?: number; body?: unknown }) => void = () => {};
  const reply = new Promise<{ status?: number; body?: unknown }>((resolve) => (release = resolve));
  return { handler: () => reply, release };
}

describe('editing a lead section', () => {
  it('saves only the changed fields with the version it started from, showing them before the server answers', async () => {
    const held = heldReply();
    const { fetchMock, user } = await openLead(lead, { 'PATCH /api/leads/lead-7': held.handler });
    await user.click(screen.getByRole('button', { name: 'Edit Contact info' }));
    const phone = within(region('Contact info')).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '(512) 555-0199{Enter}');

    // Shown at once, while the server has not answered yet.
    expect(await within(region('Contact info')).findByText('1 (512) 555-0199')).toBeInTheDocument();
    expect(patches(fetchMock)).toEqual([{ contact_1_phone1: '(512) 555-0199', version: 3 }]);

    held.release({ body: { ...lead, contact_1_phone1: '(512) 555-0199', version: 4 } });
    await waitFor(() => expect(within(region('Contact info')).getByRole('button', { name: 'Edit Contact info' })).toBeEnabled());
    expect(within(region('Contact info')).getByText('1 (512) 555-0199')).toBeInTheDocument();
  });

  it('edits status and tags with human labels and chips', async () => {
    const { fetchMock, user } = await openLead(lead, { 'PATCH /api/leads/lead-7': { body: { ...lead, status: 'add-to-followup', badges: ['probate'], version: 4 } } });
    await user.click(screen.getByRole('button', { name: 'Edit Status and tags' }));
    const section = region('Status and tags');
    await user.selectOptions(within(section).getByLabelText('Status'), 'Follow up');
    await user.click(within(section).getByRole('button', { name: 'Remove tag vacant' }));
    await user.type(within(section).getByLabelText('Tags'), 'probate{Enter}');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ status: 'add-to-followup', badges: ['probate'], version: 3 }]));
    expect(await within(region('Status and tags')).findByText('Follow up')).toBeInTheDocument();
    expect(within(region('Status and tags')).getByText('probate')).toBeInTheDocument();
  });

  it('shows the schema’s message under a bad field and sends nothing; Escape cancels', async () => {
    const { fetchMock, user } = await openLead();
    await user.click(screen.getByRole('button', { name: 'Edit Contact info' }));
    const email = within(region('Contact info')).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'not-an-email{Enter}');
    expect(await within(region('Contact info')).findByText('must be a valid email address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(patches(fetchMock)).toEqual([]);
    await user.keyboard('{Escape}');
    expect(within(region('Contact info')).queryByLabelText('Email')).not.toBeInTheDocument();
    expect(within(region('Contact info')).getByText('ana@example.com')).toBeInTheDocument();
  });

  it('puts the old value back and shows the API’s 400 message under its field', async () => {
    const { user } = await openLead(lead, {
      'PATCH /api/leads/lead-7': { status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'notes: must be at most 5000 characters' } } },
    });
    await user.click(screen.getByRole('button', { name: 'Edit Notes' }));
    const notes = within(region('Notes')).getByLabelText('Notes');
    await user.clear(notes);
    await user.type(notes, 'A much longer note');
    await user.click(within(region('Notes')).getByRole('button', { name: 'Save' }));
    expect(await within(region('Notes')).findByText('must be at most 5000 characters')).toBeInTheDocument();
    const reopened = within(region('Notes')).getByLabelText('Notes');
    expect(reopened).toHaveValue('A much longer note');
    expect(reopened).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(region('Notes')).getByRole('button', { name: 'Cancel' }));
    expect(within(region('Notes')).getByText('First call went well.')).toBeInTheDocument();
  });

  it('rolls back with a toast when the save fails for another reason', async () => {
    const { user } = await openLead(lead, { 'PATCH /api/leads/lead-7': { status: 500, body: {} } });
    await user.click(screen.getByRole('button', { name: 'Edit Notes' }));
    await user.clear(within(region('Notes')).getByLabelText('Notes'));
    await user.type(within(region('Notes')).getByLabelText('Notes'), 'Lost note');
    await user.click(within(region('Notes')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your changes to Notes were not saved')).toBeInTheDocument();
    expect(screen.getByText('The server had a problem. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Lost note')).not.toBeInTheDocument();
  });
});

describe('a version conflict', () => {
  const theirs = { ...lead, notes: 'Their note', version: 4 };
  const conflictRoutes = (state: { changed: boolean; overwritten: boolean }): Routes => ({
    'GET /api/leads/lead-7': () => ({ body: state.overwritten ? { ...theirs, notes: 'My note', version: 5 } : state.changed ? theirs : lead }),
    'PATCH /api/leads/lead-7': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { version: number };
      if (body.version !== 4) {
        state.changed = true;
        return { status: 409, body: { error: { code: 'LEAD_CHANGED', message: LEAD_MESSAGES.leadChanged } } };
      }
      state.overwritten = true;
      return { body: { ...theirs, notes: 'My note', version: 5 } };
    },
  });

  async function saveStale() {
    const opened = await openLead(lead, conflictRoutes({ changed: false, overwritten: false }));
    await opened.user.click(screen.getByRole('button', { name: 'Edit Notes' }));
    await opened.user.clear(within(region('Notes')).getByLabelText('Notes'));
    await opened.user.type(within(region('Notes')).getByLabelText('Notes'), 'My note');
    await opened.user.click(within(region('Notes')).getByRole('button', { name: 'Save' }));
    const alert = await within(region('Notes')).findByRole('alert');
    return { ...opened, alert };
  }

  it('shows the other member’s values beside the user’s, and overwrite sends again with the new version', async () => {
    const { alert, fetchMock, user } = await saveStale();
    expect(alert).toHaveTextContent('Someone else changed this lead');
    expect(alert).toHaveTextContent('Theirs: Their note');
    expect(alert).toHaveTextContent('Yours: My note');
    expect(within(region('Notes')).getByText('Their note', { selector: 'p' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ notes: 'My note', version: 3 }, { notes: 'My note', version: 4 }]));
    expect(await within(region('Notes')).findByText('My note')).toBeInTheDocument();
    expect(within(region('Notes')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reload keeps their version and sends nothing more', async () => {
    const { alert, fetchMock, user } = await saveStale();
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(within(region('Notes')).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(region('Notes')).getByText('Their note')).toBeInTheDocument();
    expect(patches(fetchMock)).toHaveLength(1);
  });
});

describe('the Do Not Call setting', () => {
  it('is locked on for a member, with the reason', async () => {
    const { user } = await openLead({ ...lead, dnc_status: true }, { 'GET /api/me': { body: { ...ME, role: 'member' } } });
    await user.click(screen.getByRole('button', { name: 'Edit Do Not Call setting' }));
    const section = region('Do Not Call setting');
    expect(within(section).getByRole('switch', { name: 'Do Not Call' })).toBeDisabled();
    expect(within(section).getByText(DNC_CLEAR_REFUSAL)).toBeInTheDocument();
  });

  it('can be set by a member, which PATCHes dnc_status true', async () => {
    const { fetchMock, user } = await openLead(lead, {
      'GET /api/me': { body: { ...ME, role: 'member' } },
      'PATCH /api/leads/lead-7': { body: { ...lead, dnc_status: true, version: 4 } },
    });
    await user.click(screen.getByRole('button', { name: 'Edit Do Not Call setting' }));
    const toggle = within(region('Do Not Call setting')).getByRole('switch', { name: 'Do Not Call' });
    expect(toggle).toBeEnabled();
    await user.click(toggle);
    await user.click(within(region('Do Not Call setting')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ dnc_status: true, version: 3 }]));
  });
});

describe('deleting from the lead page', () => {
  it('asks first, then deletes, says so and goes back to the list', async () => {
    const { fetchMock, router, user } = await openLead(lead, {
      'DELETE /api/leads/lead-7': { status: 204 },
      'GET /api/leads': { body: { items: [], total: 0, total_exact: true } },
    });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Ana Owner?' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete lead' }));
    expect(await screen.findByText('Lead deleted')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl(router)).toBe('/leads'));
  });
});

describe('editing in the lead dialog', () => {
  it('cancels the edit on Escape and keeps the dialog open', async () => {
    const restoreLayout = fakeLayout();
    try {
      mockLeadsApi({
        'GET /api/leads': { body: { items: [toListItem(lead)], total: 1, total_exact: true } },
        'GET /api/leads/lead-7': { body: lead },
        'GET /api/calls/check': { body: { allowed: true } },
        'GET /api/conversations/check': { body: { allowed: true } },
      });
      renderApp('/leads');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('row', { name: 'Ana Owner' }));
      const dialog = await screen.findByRole('dialog', { name: 'Ana Owner' });
      await user.click(await within(dialog).findByRole('button', { name: 'Edit Notes' }));
      expect(within(dialog).getByRole('textbox', { name: 'Notes' })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(within(dialog).queryByRole('textbox', { name: 'Notes' })).not.toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Ana Owner' })).toBeInTheDocument();
    } finally {
      restoreLayout();
    }
  });
});
