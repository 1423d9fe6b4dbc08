import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createErrorId, ErrorBoundary } from './error-boundary';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('Lead list exploded');
  return <p>Recovered content</p>;
}

describe('ErrorBoundary', () => {
  beforeEach(() => {
    shouldThrow = true;
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.useRealTimers());

  it('shows the crash screen with an Error ID and the technical details', () => {
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('An error occurred while rendering this component.')).toBeInTheDocument();
    expect(screen.getByText(/^ERR-[0-9A-Z]+-[0-9A-Z]+$/)).toBeInTheDocument();
    expect(screen.getByText('Technical details')).toBeInTheDocument();
    expect(screen.getByText(/Lead list exploded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/dashboard');
  });

  it('re-renders the child 100 ms after Try Again', () => {
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again (3 attempts left)' }));
    act(() => vi.advanceTimersByTime(99));
    expect(screen.queryByText('Recovered content')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Recovered content')).toBeInTheDocument();
  });

  it('counts attempts down and offers no Try Again after the third', () => {
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    for (const label of ['Try Again (3 attempts left)', 'Try Again (2 attempts left)', 'Try Again (1 attempt left)']) {
      fireEvent.click(screen.getByRole('button', { name: label }));
      act(() => vi.advanceTimersByTime(100));
      expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /Try Again/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
  });

  it('resets when its reset keys change', () => {
    const { rerender } = render(
      <ErrorBoundary resetKeys={['/leads']}>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    shouldThrow = false;
    rerender(
      <ErrorBoundary resetKeys={['/buyers']}>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Recovered content')).toBeInTheDocument();
  });

  it('makes error ids from the time and a random part', () => {
    expect(createErrorId(36 ** 3)).toMatch(/^ERR-1000-[0-9A-Z]{1,6}$/);
  });
});
