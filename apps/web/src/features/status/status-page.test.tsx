import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const session = { 'GET /api/auth/get-session': { body: null } };

describe('/status', () => {
  it('says in words that the server and its database are up, with the version and when it checked', async () => {
    mockApi({ ...session, 'GET /api/health': { body: { status: 'ok', database: 'ok', storage: 's3', version: '0.1.0', checked_at: '2026-11-23T23:12:00.000Z' } } });
    renderApp('/status');
    expect(await screen.findByRole('heading', { name: 'All systems operational' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Answering')).toBeInTheDocument();
    expect(screen.getByText('An S3-compatible bucket')).toBeInTheDocument();
    expect(screen.getByText('0.1.0')).toBeInTheDocument();
    expect(screen.getByText(/^Nov 2[34], 2026, /)).toBeInTheDocument();
    expect(screen.queryByText(/"status"/)).not.toBeInTheDocument();
  });

  it('says the service is degraded when the database does not answer (503)', async () => {
    mockApi({ ...session, 'GET /api/health': { status: 503, body: { status: 'error', database: 'error', version: '0.1.0', checked_at: '2026-11-23T23:12:00.000Z' } } });
    renderApp('/status');
    expect(await screen.findByRole('heading', { name: 'Degraded service' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Not answering')).toBeInTheDocument();
  });

  it('says the server is not reachable when nothing answers', async () => {
    mockApi(session);
    vi.mocked(fetch).mockImplementation(async (input) => {
      if (String(input) === '/api/health') throw new TypeError('Failed to fetch');
      return new Response('null', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    renderApp('/status');
    expect(await screen.findByRole('heading', { name: 'Not reachable' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
