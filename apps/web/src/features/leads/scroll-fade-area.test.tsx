import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScrollFadeArea } from './scroll-fade-area';

function scrollTo(el: HTMLElement, { top, height, client }: { top: number; height: number; client: number }) {
  Object.defineProperty(el, 'scrollTop', { configurable: true, value: top });
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: client });
  fireEvent.scroll(el);
}

describe('ScrollFadeArea', () => {
  it('shows a fade on a side only when more than 20 px are scrolled that way', () => {
    render(
      <ScrollFadeArea data-testid="area">
        <p>content</p>
      </ScrollFadeArea>,
    );
    const area = screen.getByTestId('area');
    const top = screen.getByTestId('scroll-fade-top');
    const bottom = screen.getByTestId('scroll-fade-bottom');

    scrollTo(area, { top: 0, height: 1000, client: 400 });
    expect(top).toHaveAttribute('data-visible', 'false');
    expect(bottom).toHaveAttribute('data-visible', 'true');

    scrollTo(area, { top: 20, height: 1000, client: 400 });
    expect(top).toHaveAttribute('data-visible', 'false');

    scrollTo(area, { top: 21, height: 1000, client: 400 });
    expect(top).toHaveAttribute('data-visible', 'true');

    scrollTo(area, { top: 580, height: 1000, client: 400 }); // 20 px left below
    expect(bottom).toHaveAttribute('data-visible', 'false');
    expect(top).toHaveAttribute('data-visible', 'true');
  });
});
