import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AiCoachingCard } from './ai-coaching-card';
import type { CoachingMessage } from './use-live-coaching';

function message(overrides: Partial<CoachingMessage> = {}): CoachingMessage {
  return {
    id: 'm1',
    origin: 'server',
    text: 'Ask what a fair price would look like to them.',
    priority: 'medium',
    type: 'strategic_coaching',
    confidence: 0.7,
    rationale: 'Let the lead name a number first.',
    ...overrides,
  };
}

describe('AiCoachingCard', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the empty and analyzing texts', () => {
    const view = render(<AiCoachingCard messages={[]} />);
    expect(screen.getByText('AI coaching will appear here as the conversation progresses')).toBeInTheDocument();
    view.rerender(<AiCoachingCard messages={[]} analyzing />);
    expect(screen.getByText('Analyzing conversation...')).toBeInTheDocument();
  });

  it('shows one suggestion with its type, priority, confidence and rationale', () => {
    render(<AiCoachingCard messages={[message({ priority: 'low', type: 'lead_intelligence', confidence: 0.456 })]} />);
    expect(screen.getByText('Lead Intelligence')).toBeInTheDocument();
    expect(screen.getByText('Low')).toBeInTheDocument();
    expect(screen.getByText('46%')).toBeInTheDocument();
    expect(screen.getByText('Let the lead name a number first.')).toBeInTheDocument();
  });

  it.each([
    [0.8, 'success'],
    [0.79, 'warning'],
    [0.6, 'warning'],
    [0.59, 'destructive'],
  ])('gives confidence %s the %s tone', (confidence, tone) => {
    render(<AiCoachingCard messages={[message({ confidence })]} />);
    expect(screen.getByText(`${Math.round(confidence * 100)}%`)).toHaveAttribute('data-tone', tone);
  });

  it('reads Copied for 2 seconds after copying', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<AiCoachingCard messages={[message()]} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(writeText).toHaveBeenCalledWith('Ask what a fair price would look like to them.');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it("offers 'Use Script' on response scripts only", () => {
    const onUseScript = vi.fn();
    const view = render(<AiCoachingCard messages={[message()]} onUseScript={onUseScript} />);
    expect(screen.queryByRole('button', { name: 'Use Script' })).not.toBeInTheDocument();

    view.rerender(<AiCoachingCard messages={[message({ id: 'm2', type: 'response_script', priority: 'high', text: 'We can close in 7-14 days.' })]} onUseScript={onUseScript} />);
    expect(screen.getByText('Response Script')).toBeInTheDocument();
    expect(screen.getByText('High Priority')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Use Script' }));
    expect(onUseScript).toHaveBeenCalledWith('We can close in 7-14 days.');
  });

  it('makes an objection alert urgent', () => {
    render(<AiCoachingCard messages={[message({ type: 'objection_alert', priority: 'high' })]} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Objection Alert');
    expect(alert).toHaveAttribute('data-tone', 'destructive');
  });

  it('pages through older suggestions and jumps to a new one when it arrives', () => {
    const older = message({ id: 'a', text: 'The older suggestion text.' });
    const newer = message({ id: 'b', text: 'The newer suggestion text.' });
    const view = render(<AiCoachingCard messages={[newer, older]} />);
    expect(screen.getByText('The newer suggestion text.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer suggestion' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Older suggestion' }));
    expect(screen.getByText('The older suggestion text.')).toBeInTheDocument();
    expect(screen.getByText('2 / 2')).toBeInTheDocument();

    const newest = message({ id: 'c', text: 'The newest suggestion text.' });
    view.rerender(<AiCoachingCard messages={[newest, newer, older]} />);
    expect(screen.getByText('The newest suggestion text.')).toBeInTheDocument();
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
  });
});
