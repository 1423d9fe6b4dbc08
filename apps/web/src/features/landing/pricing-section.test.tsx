import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PricingSection } from './pricing-section';

function renderPricing() {
  render(
    <MemoryRouter>
      <PricingSection />
    </MemoryRouter>,
  );
  const plan = (id: 'starter' | 'pro' | 'enterprise') => screen.getByTestId(`plan-${id}`);
  const price = (id: 'starter' | 'pro' | 'enterprise') => within(plan(id)).getByTestId('plan-price').textContent;
  const note = (id: 'starter' | 'pro' | 'enterprise') => within(plan(id)).getByTestId('plan-note').textContent;
  /** The monthly figures, shown at first and again after switching back. */
  const expectMonthly = () => {
    expect(price('starter')).toBe('$99/mo');
    expect(price('pro')).toBe('$499/mo');
    expect(price('enterprise')).toBe('From$2,499/mo');
  };
  return { plan, price, note, expectMonthly };
}

describe('pricing (dialer.md §9)', () => {
  it('shows every monthly price, seat count and limit by default', () => {
    const { plan, note, expectMonthly } = renderPricing();
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'false');

    expectMonthly();
    expect(note('starter')).toBe('Billed monthly');
    expect(note('pro')).toBe('Billed monthly');

    const starter = within(plan('starter'));
    expect(starter.getByRole('heading', { name: 'Starter' })).toBeInTheDocument();
    for (const limit of ['1 seat', '500 leads', '500 AI tokens/month']) expect(starter.getByText(limit)).toBeInTheDocument();
    const pro = within(plan('pro'));
    for (const limit of ['5 seats (extra seats $49/mo each)', '10,000 leads', '5,000 tokens/month']) expect(pro.getByText(limit)).toBeInTheDocument();
    expect(within(plan('enterprise')).getByText('Unlimited seats, leads and tokens (fair use)')).toBeInTheDocument();
  });

  it('shows the yearly prices and what they save; Enterprise stays the same', async () => {
    const user = userEvent.setup();
    const { price, note, expectMonthly } = renderPricing();
    await user.click(screen.getByRole('button', { name: 'Yearly' }));

    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    expect(price('starter')).toBe('$990/yr');
    expect(price('pro')).toBe('$4,990/yr');
    expect(note('starter')).toBe('Billed yearly · saves 2 months ($198)');
    expect(note('pro')).toBe('Billed yearly · saves 2 months ($998)');
    expect(price('enterprise')).toBe('From$2,499/mo');
    expect(note('enterprise')).toBe('Starting price, shaped to your team');
    expect(screen.getByText('Yearly saves 2 months')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    expectMonthly();
  });

  it('lists the add-ons and the trial terms', () => {
    renderPricing();
    expect(screen.getByText('$25 per extra 500 AI tokens')).toBeInTheDocument();
    expect(screen.getByText('$50 per extra 1,000 leads')).toBeInTheDocument();
    expect(screen.getByText('Dedicated account manager')).toBeInTheDocument();
    expect(screen.getByText('$500/mo')).toBeInTheDocument();
    expect(screen.getByText(/14-day free trial with 500 AI tokens and 50 lead imports\. Credit card required\./)).toBeInTheDocument();
  });

  it('sends trials to /signup and Enterprise to sales by email', () => {
    const { plan } = renderPricing();
    expect(within(plan('starter')).getByRole('link', { name: 'Start free trial' })).toHaveAttribute('href', '/signup');
    expect(within(plan('pro')).getByRole('link', { name: 'Start free trial' })).toHaveAttribute('href', '/signup');
    expect(within(plan('enterprise')).getByRole('link', { name: 'Contact sales' })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
  });
});
