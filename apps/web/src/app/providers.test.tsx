import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { requestToaster } from '@/lib/toaster-gate';
import { AppProviders } from './providers';

afterEach(() => {
  act(() => toast.dismiss());
});

describe('toasts', () => {
  it('load no toaster on the landing page until one is asked for, then show a toast made before it came', async () => {
    window.history.replaceState(null, '', '/');
    render(<AppProviders client={new QueryClient()}>{null}</AppProviders>);
    act(() => void toast('Made before the toaster'));
    await Promise.resolve();
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();
    act(() => requestToaster());
    await screen.findByText('Made before the toaster');
  });

  it('appear at the top centre, clear of the dialogs’ close buttons at the top right', async () => {
    render(<AppProviders client={new QueryClient()}>{null}</AppProviders>);
    act(() => void toast.success('Voice system ready'));
    await screen.findByText('Voice system ready');
    const toaster = document.querySelector('[data-sonner-toaster]');
    expect(toaster).toHaveAttribute('data-y-position', 'top');
    expect(toaster).toHaveAttribute('data-x-position', 'center');
  });
});
