import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockLeadsApi } from '@/features/leads/test-fixtures';
import { apiRequest } from '@/lib/api';
import { errorLog } from '@/lib/error-log';
import { renderApp } from '@/test/render-app';

beforeAll(async () => {
  await import('./debug-page');
});
beforeEach(() => errorLog.clear());

const AI_HEALTH = {
  llm: 'not_configured', enrichment: 'not_configured', checked_at: '2026-11-28T10:00:00.000Z',
  areas: { coaching: 'active', enrichment: 'inactive', scoring: 'active', analysis: 'inactive' },
  modes: { coaching: 'built_in', enrichment: 'not_configured', scoring: 'built_in', analysis: 'off' },
};

describe('/debug', () => {
  it('shows the versions, the AI status and the errors the tab caught, and copies all of it as text', async () => {
    mockLeadsApi({
      'GET /api/health': { body: { status: 'ok', database: 'ok', storage: 'local', version: '9.8.7', checked_at: '2026-11-28T10:00:00.000Z' } },
      'GET /api/ai/health': { body: AI_HEALTH },
      'GET /api/leads': { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } } },
    });
    await apiRequest('/api/leads').catch(() => {});
    renderApp('/debug');
    expect(await screen.findByText('9.8.7')).toBeInTheDocument();
    expect(await screen.findByText('Active — instant patterns only')).toBeInTheDocument();
    const errors = screen.getByRole('list', { name: 'Last errors' });
    expect(errors).toHaveTextContent('GET /api/leads answered 500: Something went wrong on our side. Please try again.');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Copy report' }));
    const report = await navigator.clipboard.readText();
    expect(report).toMatch(/^Wholesail debug report, /);
    expect(report).toContain('Server: 9.8.7');
    expect(report).toContain('Coaching: Active — instant patterns only');
    expect(report).toContain('[api] GET /api/leads answered 500');
    expect(report).toContain('Organization: Acme Home Buyers (org-1)');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('No error was caught in this tab.')).toBeInTheDocument();
  });

  it('does not log a refusal (4xx) as an error', async () => {
    mockLeadsApi({ 'GET /api/leads/x': { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Lead not found' } } } });
    await apiRequest('/api/leads/x').catch(() => {});
    expect(errorLog.getSnapshot()).toEqual([]);
  });
});
