import { DEFAULT_DEAL_SETTINGS } from '@wholesail/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from 'sonner';
import { mockApi } from '@/test/mock-api';
import { STANDALONE_SAVE_TEXT } from './deal-calculator';
import { figure, lens, renderCalculator, SETTINGS_ROUTE } from './test-utils';

afterEach(() => {
  toast.dismiss();
});

const region = (name: string) => screen.getByRole('region', { name });

async function type(label: string, text: string, scope: HTMLElement = document.body) {
  const field = within(scope).getByLabelText(label);
  await userEvent.clear(field);
  await userEvent.type(field, text);
}

/** A line item typed in: the last row's category, quantity and unit cost. */
async function addLine(category: string, quantity: string, unitCost: string) {
  const repairs = region('Repairs');
  await userEvent.click(within(repairs).getByRole('button', { name: 'Add line item' }));
  const rows = within(repairs).getAllByRole('listitem');
  const row = rows[rows.length - 1]!;
  await userEvent.selectOptions(within(row).getByLabelText('Category'), category);
  await type('Quantity', quantity, row);
  await type('Unit cost', unitCost, row);
}

describe('the calculator, standalone', () => {
  it('totals the repair lines as you type, with the contingency on top', async () => {
    mockApi(SETTINGS_ROUTE);
    renderCalculator();
    const repairs = await screen.findByRole('region', { name: 'Repairs' });
    expect(within(repairs).getByText(/^No line items yet\. Add/)).toBeInTheDocument();

    await addLine('Roof', '1', '12000');
    expect(figure('Subtotal', repairs).value).toBe('$12,000');
    await addLine('Flooring', '1,200', '3.50');
    expect(figure('Subtotal', repairs)).toEqual({ value: '$16,200', why: 'Roof $12,000 + Flooring $4,200' });
    // 10% contingency by default
    expect(figure('Contingency amount', repairs).value).toBe('$1,620');
    expect(figure('Total repairs', repairs).value).toBe('$17,820');

    await type('Contingency', '15', repairs);
    expect(figure('Total repairs', repairs).value).toBe('$18,630');
    expect(within(region('Summary')).getByText('$18,630')).toBeInTheDocument();

    await userEvent.click(within(repairs).getByRole('button', { name: 'Remove line 1 (Roof)' }));
    expect(figure('Total repairs', repairs).value).toBe('$4,830');
  });

  it('focuses the new line so the keyboard can go on, and never submits on Enter', async () => {
    mockApi(SETTINGS_ROUTE);
    renderCalculator();
    const repairs = await screen.findByRole('region', { name: 'Repairs' });
    await userEvent.click(within(repairs).getByRole('button', { name: 'Add line item' }));
    expect(within(repairs).getByLabelText('Category')).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    expect(within(repairs).getByLabelText('Quantity')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(within(repairs).getAllByRole('listitem')).toHaveLength(1);
  });

  it('prices a quick tier by square foot, with editable $/sqft', async () => {
    mockApi(SETTINGS_ROUTE);
    renderCalculator();
    await type('Square feet', '1,500', await screen.findByRole('region', { name: 'Property and price' }));
    const repairs = region('Repairs');
    await userEvent.click(within(repairs).getByRole('tab', { name: 'Quick tier' }));
    await userEvent.click(within(repairs).getByRole('radio', { name: /Full gut/ }));
    // 1,500 × $75, + 10%
    expect(figure('Subtotal', repairs)).toEqual({ value: '$112,500', why: 'Full gut: 1,500 sqft × $75/sqft' });
    expect(figure('Total repairs', repairs).value).toBe('$123,750');

    await type('Full gut $ per sqft', '60', repairs);
    expect(figure('Subtotal', repairs).value).toBe('$90,000');
    await userEvent.click(within(repairs).getByRole('radio', { name: /Cosmetic/ }));
    expect(figure('Subtotal', repairs).value).toBe('$30,000');
  });

  it('shows MAO under the flip, rental and retail lenses with the fee headroom under each', async () => {
    mockApi(SETTINGS_ROUTE);
    renderCalculator();
    const property = await screen.findByRole('region', { name: 'Property and price' });
    await type('ARV', '200000', property);
    await addLine('Kitchen', '1', '30000');
    await type('Contingency', '0', region('Repairs'));

    const offer = region('Maximum offer');
    expect(figure('MAO', offer)).toEqual({ value: '$110,000', why: 'ARV $200,000 × 70% − repairs $30,000' });
    expect(figure('Max offer', offer)).toEqual({ value: '$100,000', why: 'MAO $110,000 − target fee $10,000' });
    expect(figure('Buyer pays up to', lens('Flip')).value).toBe('$110,000');
    expect(figure('Fee headroom', lens('Flip'))).toEqual({ value: '$10,000', why: 'flip price $110,000 − your offer $100,000' });
    expect(figure('Buyer pays up to', lens('Retail')).value).toBe('$124,000');
    expect(figure('Fee headroom', lens('Retail')).value).toBe('$24,000');
    expect(figure('Buyer pays up to', lens('Rental'))).toEqual({ value: '—', why: 'Enter the monthly rent to price a rental buyer.' });

    const rental = region('Rental lens');
    await type('Monthly rent', '1500', rental);
    await type('Vacancy', '5', rental);
    await type('Monthly expenses', '400', rental);
    // NOI 12,300 ÷ 8% − 30,000
    expect(figure('Buyer pays up to', lens('Rental')).value).toBe('$123,750');
    expect(figure('Fee headroom', lens('Rental')).value).toBe('$23,750');
    expect(figure('Net operating income', rental).value).toBe('$12,300');
    // The landlord pays 100,000 + 10,000 and the repairs: 12,300 ÷ 140,000
    expect(figure('Cap rate', rental).value).toBe('8.79%');
    expect(figure('DSCR', rental)).toEqual({ value: '—', why: 'No loan: DSCR applies only when there is debt to pay.' });

    await type('Your offer', '115,000', property);
    expect(figure('Fee headroom', lens('Flip')).value).toBe('-$5,000');
  });

  it('fills the sensitivity table: ARV −10% … +10% by repairs −20% … +20%', async () => {
    mockApi(SETTINGS_ROUTE);
    renderCalculator();
    await type('ARV', '200000', await screen.findByRole('region', { name: 'Property and price' }));
    await addLine('Kitchen', '1', '30000');
    await type('Contingency', '0', region('Repairs'));

    const table = within(region('Sensitivity')).getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(6);
    const cells = (row: number) => within(rows[row]!).getAllByRole('cell').map((c) => c.textContent);
    // Max offer first: 180,000 × 70% − 24,000 − 10,000, then $3,000 less for each 10% more repairs
    expect(cells(1)).toEqual(['$180,000−10%', '$92,000', '$89,000', '$86,000', '$83,000', '$80,000']);
    expect(cells(3)[3]).toBe('$100,000');
    expect(within(rows[5]!).getAllByRole('cell')[5]).toHaveAttribute('title', 'ARV $220,000 × 70% − repairs $36,000; MAO $118,000 − target fee $10,000');

    await userEvent.click(within(region('Sensitivity')).getByRole('button', { name: 'MAO' }));
    expect(cells(1)[1]).toBe('$102,000');
    expect(cells(5)[5]).toBe('$118,000');
  });

  it('disables Save without a lead or deal, and says why', async () => {
    mockApi(SETTINGS_ROUTE);
    renderCalculator();
    const save = await screen.findByRole('button', { name: 'Save to deal' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(STANDALONE_SAVE_TEXT);
  });

  it("uses the organization's rule, and the built-in defaults when the settings cannot be read", async () => {
    mockApi({ 'GET /api/deals/settings': { body: { ...DEFAULT_DEAL_SETTINGS, maoPercent: 65, defaultTargetFee: 5_000 } } });
    const { unmount } = renderCalculator();
    await type('ARV', '100000', await screen.findByRole('region', { name: 'Property and price' }));
    expect(figure('MAO', region('Maximum offer')).value).toBe('$65,000');
    expect(figure('Max offer', region('Maximum offer')).value).toBe('$60,000');
    unmount();

    mockApi({ 'GET /api/deals/settings': { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } } });
    renderCalculator();
    await type('ARV', '100000', await screen.findByRole('region', { name: 'Property and price' }));
    await waitFor(() => expect(figure('MAO', region('Maximum offer')).value).toBe('$70,000'));
  });

  it('marks a box that is not a number and keeps the last good figure', async () => {
    mockApi(SETTINGS_ROUTE);
    renderCalculator();
    const property = await screen.findByRole('region', { name: 'Property and price' });
    await type('ARV', '100000', property);
    await userEvent.type(within(property).getByLabelText('ARV'), 'a');
    expect(within(property).getByLabelText('ARV')).toHaveAttribute('aria-invalid', 'true');
    expect(within(property).getByText('Enter a number.')).toBeInTheDocument();
    expect(within(region('Summary')).getByText('$100,000')).toBeInTheDocument();
  });
});
