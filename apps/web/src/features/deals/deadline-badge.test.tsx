import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeadlineBadge, DeadlineBadges } from './deadline-badge';

const TODAY = '2026-03-10';

describe('deadline badges', () => {
  it('are red once the day has passed, amber within 3 days and plain further off', () => {
    render(
      <ul>
        <li>
          <DeadlineBadge deadline={{ kind: 'closing', date: '2026-03-08' }} today={TODAY} />
        </li>
        <li>
          <DeadlineBadge deadline={{ kind: 'inspection', date: '2026-03-10' }} today={TODAY} />
        </li>
        <li>
          <DeadlineBadge deadline={{ kind: 'earnest_money', date: '2026-03-13' }} today={TODAY} />
        </li>
        <li>
          <DeadlineBadge deadline={{ kind: 'closing', date: '2026-03-14' }} today={TODAY} />
        </li>
      </ul>,
    );
    const [passed, today, third, later] = screen.getAllByRole('listitem').map((li) => li.firstElementChild);
    expect(passed).toHaveAttribute('data-tone', 'destructive');
    expect(passed).toHaveTextContent('Closing2 days overdue');
    expect(passed).toHaveAttribute('title', 'Closing: Mar 8');
    expect(today).toHaveAttribute('data-tone', 'warning');
    expect(today).toHaveTextContent('Inspectiontoday');
    expect(third).toHaveAttribute('data-tone', 'warning');
    expect(third).toHaveTextContent('Earnest moneyin 3 days');
    expect(later).not.toHaveAttribute('data-tone');
    expect(later).toHaveTextContent('ClosingMar 14');
  });

  it("list an open deal's set deadlines in contract order, short on a board card; nothing when none is set or the deal is closed", () => {
    const contract = { stage: 'under_contract', earnest_money_due: '2026-03-09', inspection_ends: null, closing_date: '2027-01-05' } as const;
    const { rerender } = render(<DeadlineBadges deal={contract} today={TODAY} row />);
    const items = within(screen.getByRole('list', { name: 'Deadlines' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Earnest moneyEMD1 day overdue', 'ClosingClosingJan 5, 2027']);
    rerender(<DeadlineBadges deal={{ ...contract, earnest_money_due: null, closing_date: null }} today={TODAY} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    rerender(<DeadlineBadges deal={{ ...contract, stage: 'closed' }} today={TODAY} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
