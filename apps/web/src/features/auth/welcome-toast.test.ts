import { TOAST_AUTO_DISMISS_MS, WELCOME_TOAST_THROTTLE_MS } from '@wholesail/domain';
import { describe, expect, it, vi } from 'vitest';

const success = vi.fn();
vi.mock('sonner', () => ({ toast: { success: (...args: unknown[]) => success(...args) } }));

const { showWelcomeToast } = await import('./welcome-toast');

describe('showWelcomeToast', () => {
  it('shows "Welcome back!" for 2 s, then stays quiet for 30 minutes', () => {
    const t0 = 1_700_000_000_000;
    expect(showWelcomeToast(t0)).toBe(true);
    expect(success).toHaveBeenCalledWith('Welcome back!', { duration: TOAST_AUTO_DISMISS_MS });
    expect(showWelcomeToast(t0 + 60_000)).toBe(false);
    expect(showWelcomeToast(t0 + WELCOME_TOAST_THROTTLE_MS - 1)).toBe(false);
    expect(success).toHaveBeenCalledTimes(1);
    expect(showWelcomeToast(t0 + WELCOME_TOAST_THROTTLE_MS)).toBe(true);
    expect(success).toHaveBeenCalledTimes(2);
  });
});
