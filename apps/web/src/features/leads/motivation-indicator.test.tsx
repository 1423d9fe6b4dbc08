import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MotivationIndicator } from './motivation-indicator';

describe('MotivationIndicator', () => {
  it.each([
    [8, undefined, 'green', 'Motivation 8/9, Very High'],
    [6, undefined, 'amber', 'Motivation 6/9, High'],
    [5, undefined, 'red', 'Motivation 5/9, Medium'],
    [2, 'High', 'green', 'Motivation 2/9, Low'],
    [3, 'Medium', 'amber', 'Motivation 3/9, Low'],
  ])('score %s level %s is %s', (score, level, colour, label) => {
    render(<MotivationIndicator score={score} level={level} />);
    const indicator = screen.getByLabelText(label);
    expect(indicator).toHaveAttribute('data-colour', colour);
    expect(indicator).toHaveTextContent(`${score}/9`);
  });

  it('shows the label when asked', () => {
    render(<MotivationIndicator score={9} showLabel />);
    expect(screen.getByText('Very High')).toBeInTheDocument();
  });

  it('shows an unscored lead as —/9 without a colour', () => {
    render(<MotivationIndicator score={null} />);
    expect(screen.getByLabelText('Motivation not scored')).toHaveTextContent('—/9');
  });
});
