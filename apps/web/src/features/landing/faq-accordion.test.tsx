import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FaqSection } from './faq-section';

const faq = () => within(screen.getByRole('region', { name: 'Questions teams ask before they switch' }));
const questions = () => faq().getAllByRole('button');
const openAnswers = () => faq().queryAllByRole('region');

describe('FAQ accordion', () => {
  it('has five questions and opens one at a time', async () => {
    const user = userEvent.setup();
    render(<FaqSection />);
    expect(questions()).toHaveLength(5);
    // The first answer starts open.
    expect(questions().map((q) => q.getAttribute('aria-expanded'))).toEqual(['true', 'false', 'false', 'false', 'false']);
    expect(openAnswers()).toHaveLength(1);
    expect(openAnswers()[0]).toHaveAccessibleName('How does the free trial work?');
    expect(openAnswers()[0]).toHaveTextContent('A credit card is required');

    const compliance = screen.getByRole('button', { name: 'How does Wholesail keep our calls compliant?' });
    await user.click(compliance);
    expect(questions().map((q) => q.getAttribute('aria-expanded'))).toEqual(['false', 'false', 'true', 'false', 'false']);
    expect(openAnswers()).toHaveLength(1);
    expect(openAnswers()[0]).toHaveTextContent('at most 3 times in 24 hours');
    expect(compliance).toHaveAttribute('aria-controls', openAnswers()[0]!.id);

    await user.click(screen.getByRole('button', { name: 'How do seats work?' }));
    expect(openAnswers()).toHaveLength(1);
    expect(openAnswers()[0]).toHaveTextContent('Pro includes 5 seats (extra seats $49/mo each)');

    // Clicking the open question closes it: none open.
    await user.click(screen.getByRole('button', { name: 'How do seats work?' }));
    expect(openAnswers()).toHaveLength(0);
    expect(questions().every((q) => q.getAttribute('aria-expanded') === 'false')).toBe(true);
  });
});
