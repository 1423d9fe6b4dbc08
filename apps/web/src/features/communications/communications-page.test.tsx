import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeLead, mockLeadsApi } from '@/features/leads/test-fixtures';
import { renderApp } from '@/test/render-app';

beforeAll(async () => {
  await import('./communications-page');
  await import('@/features/dialer/voice-dialer-panel');
});

const ana = makeLead({ id: 'lead-1', owner_1_name: 'Ana Owner', property_address_full: '12 Oak St', phone: '(555) 123-4567' });

describe('/communications', () => {
  it('defaults to the dialer tab: search a lead, then the dialer panel shows', async () => {
    mockLeadsApi({
      'GET /api/leads': (url: URL) => ({ body: { items: url.searchParams.get('search') === 'ana' && url.searchParams.get('limit') === '10' ? [ana] : [], total: 1, total_exact: true } }),
      'GET /api/phone-numbers': { body: { items: [] } },
    });
    const user = userEvent.setup();
    renderApp('/communications');
    expect(await screen.findByRole('tab', { name: 'Dialer', selected: true }, { timeout: 5000 })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search leads' }), 'ana');
    const results = await screen.findByRole('list', { name: 'Lead results' });
    await user.click(within(results).getByRole('button', { name: /Ana Owner/ }));
    expect(await screen.findByText('Voice Dialer', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByLabelText('To Number')).toHaveValue('1 (555) 123-4567');
  });

  it('shows the conversations tab from ?tab=conversations', async () => {
    mockLeadsApi({});
    const user = userEvent.setup();
    const { router } = renderApp('/communications?tab=conversations');
    expect(await screen.findByText('SMS conversations arrive with the messaging release.', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Dialer' }));
    expect(router.state.location.search).toBe('?tab=send');
  });
});
