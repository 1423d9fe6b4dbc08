import type { ReferralPartner } from '@wholesail/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockLeadsApi } from '@/features/leads/test-fixtures';
import { renderApp } from '@/test/render-app';

beforeAll(async () => {
  await import('./realtor-push-page');
});

const PARTNER: ReferralPartner = {
  id: 'p-1', name: 'Jo Realtor', brokerage: 'Lone Star Realty', license_number: '0654321', license_state: 'TX', markets: ['TX', 'Austin'], referral_fee_percent: 25,
  email: 'jo@lonestar.test', phone: '5125550142', notes: null, is_active: true, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
};
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

describe('the partner form on Realtor push', () => {
  it('requires the licence number and state with sentences, then sends the partner with its markets split', async () => {
    const fetchMock = mockLeadsApi({
      'GET /api/referral-partners': { body: { items: [] } },
      'GET /api/referrals': { body: { items: [] } },
      'POST /api/referral-partners': { status: 201, body: { ...PARTNER, id: 'p-2', name: 'Kim Agent' } },
    });
    renderApp('/realtor-push');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add partner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a partner' });
    expect(dialog).toHaveTextContent('in many states a referral fee may only be paid to a licensed agent');
    await user.type(within(dialog).getByLabelText('Agent name'), 'Kim Agent');
    await user.type(within(dialog).getByLabelText('Email'), 'kim@agent.test');
    await user.type(within(dialog).getByLabelText('Licence state'), 'T');
    await user.click(within(dialog).getByRole('button', { name: 'Add partner' }));
    expect(await within(dialog).findByText('Enter the agent’s licence number.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the two-letter state of the licence, such as TX.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Licence number')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(dialog).getByLabelText('Licence number'), 'TX-778');
    await user.type(within(dialog).getByLabelText('Licence state'), 'x');
    await user.type(within(dialog).getByLabelText('Markets'), 'TX, Austin; 78701');
    await user.clear(within(dialog).getByLabelText('Referral fee %'));
    await user.type(within(dialog).getByLabelText('Referral fee %'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Add partner' }));
    expect(await screen.findByText('Kim Agent added')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(sent?.[1])).toMatchObject({ name: 'Kim Agent', license_number: 'TX-778', license_state: 'TX', markets: ['TX', 'Austin', '78701'], referral_fee_percent: 30, email: 'kim@agent.test' });
  });

  it('lists partners with their licence, markets and fee, and puts a refused field back on the form as a sentence', async () => {
    mockLeadsApi({
      'GET /api/referral-partners': { body: { items: [PARTNER] } },
      'GET /api/referrals': { body: { items: [] } },
      'PATCH /api/referral-partners/p-1': { status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'email: must be a valid email address' } } },
    });
    renderApp('/realtor-push');
    const row = (await screen.findByText('Jo Realtor')).closest('tr')!;
    expect(row).toHaveTextContent('TX 0654321');
    expect(row).toHaveTextContent('TX, Austin');
    expect(row).toHaveTextContent('25%');
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Edit Jo Realtor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Jo Realtor' });
    await user.click(within(dialog).getByRole('button', { name: 'Save partner' }));
    expect(await within(dialog).findByText('Must be a valid email address.')).toBeInTheDocument();
  });
});
