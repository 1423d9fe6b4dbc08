import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ME, mockApi, SIGNED_IN_SESSION } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { getLastRoute } from './route-memory';

describe('last route memory', () => {
  it('is empty before any remembered route is visited', () => {
    expect(getLastRoute()).toBeNull();
  });

  it('remembers /leads with its query and ignores /about', async () => {
    mockApi({ 'GET /api/auth/get-session': { body: SIGNED_IN_SESSION }, 'GET /api/me': { body: ME } });
    const { router } = renderApp('/leads?status=new');
    expect(await screen.findByRole('heading', { name: 'Leads', level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(getLastRoute()).toBe('/leads?status=new');
    expect(window.sessionStorage.length).toBe(1);

    await act(() => router.navigate('/about'));
    expect(await screen.findByRole('heading', { name: 'About Wholesail' }, { timeout: 5000 })).toBeInTheDocument();
    expect(getLastRoute()).toBe('/leads?status=new');

    await act(() => router.navigate('/buyers/42'));
    expect(getLastRoute()).toBe('/buyers/42');
  });
});
