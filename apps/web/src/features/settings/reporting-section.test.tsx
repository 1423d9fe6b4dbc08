import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { sentBodies } from '@/features/deals/test-fixtures';
import { AI_HEALTH_ALL_ON } from '@/test/ai-health';
import { ME, mockApi, SIGNED_IN_SESSION } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const REPORTING = { timeZone: 'America/Chicago', dailyDialGoal: 100, dailyConnectGoal: 10 };

type Routes = Parameters<typeof mockApi>[0];
const routes = (role: 'owner' | 'member', overrides: Routes = {}): Routes => ({
  'GET /api/auth/get-session': { body: SIGNED_IN_SESSION },
  'GET /api/me': { body: { ...ME, role } },
  'GET /api/organization/settings': { body: { aiIntegration: { enableRealTimeCoaching: true, enableAutoEnrichment: true, enableSmartScoring: true, enableConversationAnalysis: true } } },
  'GET /api/organization/members': { body: { members: [] } },
  'GET /api/organization/invitations': { body: { invitations: [] } },
  'GET /api/ai/health': { body: AI_HEALTH_ALL_ON },
  'GET /api/settings/reporting': { body: REPORTING },
  ...overrides,
});

const card = async () => within(await screen.findByRole('region', { name: 'Reporting' }));

afterEach(() => {
  toast.dismiss();
});

describe('the Reporting card of the settings', () => {
  it('lets an owner choose the time zone by its name and set the daily goals', async () => {
    const fetchMock = mockApi(
      routes('owner', { 'PATCH /api/settings/reporting': (init) => ({ body: { ...REPORTING, ...JSON.parse(String(init?.body)) } }) }),
    );
    renderApp('/settings');
    const user = userEvent.setup();
    const reporting = await card();
    const zone = await reporting.findByLabelText('Time zone');
    expect(zone).toHaveDisplayValue('Central Time — Chicago (CT)');
    expect(reporting.getByRole('option', { name: 'Atlantic Standard Time — Puerto Rico' })).toBeInTheDocument();
    await user.selectOptions(zone, 'America/Denver');
    await user.clear(reporting.getByLabelText('Daily dial goal'));
    await user.type(reporting.getByLabelText('Daily dial goal'), '1,200');
    await user.click(reporting.getByRole('button', { name: 'Save reporting settings' }));
    expect(await screen.findByText('Reporting settings saved')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH', '/api/settings/reporting')).toEqual([{ timeZone: 'America/Denver', dailyDialGoal: 1200, dailyConnectGoal: 10 }]);
  });

  it("checks the goals before sending, and shows the server's refusal as a sentence on its field", async () => {
    const fetchMock = mockApi(
      routes('owner', { 'PATCH /api/settings/reporting': { status: 400, body: { error: { code: 'VALIDATION', message: 'dailyConnectGoal: must be at most 10,000' } } } }),
    );
    renderApp('/settings');
    const user = userEvent.setup();
    const reporting = await card();
    const dials = await reporting.findByLabelText('Daily dial goal');
    await user.clear(dials);
    await user.type(dials, '12.5');
    await user.click(reporting.getByRole('button', { name: 'Save reporting settings' }));
    expect(await reporting.findByText('Expected a whole number.')).toBeInTheDocument();
    expect(dials).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetchMock, 'PATCH', '/api/settings/reporting')).toEqual([]);

    await user.clear(dials);
    await user.type(dials, '150');
    await user.click(reporting.getByRole('button', { name: 'Save reporting settings' }));
    expect(await reporting.findByText('Must be at most 10,000.')).toBeInTheDocument();
    expect(reporting.getByLabelText('Daily connect goal')).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetchMock, 'PATCH', '/api/settings/reporting')).toHaveLength(1);
  });

  it('shows a refusal that names no field above the button', async () => {
    mockApi(routes('owner', { 'PATCH /api/settings/reporting': { status: 403, body: { error: { code: 'FORBIDDEN', message: 'only owners and admins can change reporting settings' } } } }));
    renderApp('/settings');
    const user = userEvent.setup();
    const reporting = await card();
    await user.selectOptions(await reporting.findByLabelText('Time zone'), 'America/Phoenix');
    await user.click(reporting.getByRole('button', { name: 'Save reporting settings' }));
    await waitFor(() => expect(reporting.getByRole('alert')).toHaveTextContent('Only owners and admins can change reporting settings.'));
  });

  it('shows a member the settings read-only', async () => {
    mockApi(routes('member'));
    renderApp('/settings');
    const reporting = await card();
    expect(await reporting.findByText('Central Time — Chicago (CT)')).toBeInTheDocument();
    expect(reporting.getByText('Daily dial goal').nextSibling).toHaveTextContent('100');
    expect(reporting.queryByRole('button', { name: 'Save reporting settings' })).not.toBeInTheDocument();
    expect(reporting.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
