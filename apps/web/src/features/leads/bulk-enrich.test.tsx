import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AiHealth } from '@wholesail/domain';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/features/conversations/test-fixtures';
import { AI_HEALTH_ALL_ON } from '@/test/ai-health';
import { BulkBar } from './bulk-bar';
import { makeLead, mockLeadsApi, toListItem } from './test-fixtures';

afterEach(() => {
  toast.dismiss();
});

const selected = [makeLead({ id: 'lead-1', owner_1_name: 'Ana Owner' }), makeLead({ id: 'lead-2', owner_1_name: 'Ben Buyer' })].map(toListItem);
const BATCH = { id: 'batch-9', requested_by: 'user-1', priority: 'normal', total: 1, enriched: 0, failed: 0, skipped: 0, finished_at: null, created_at: '2026-01-01T00:00:00Z' };

function open(reply: { status?: number; body?: unknown }, health: AiHealth = AI_HEALTH_ALL_ON) {
  const sent: unknown[] = [];
  mockLeadsApi({
    'GET /api/ai/health': { body: health },
    'POST /api/leads/enrich': (_url, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return reply;
    },
  });
  renderWithProviders(<BulkBar selected={selected} onClear={() => {}} />);
  return { sent, user: userEvent.setup() };
}

describe('Enrich on a selection of the list', () => {
  it("queues the selected leads as one batch and says 'Enrichment Started', naming those already in progress", async () => {
    const { sent, user } = open({ status: 202, body: { batch: BATCH, queued: 1, already_in_flight: 1 } });
    await user.click(await screen.findByRole('button', { name: 'Enrich' }));
    expect(await screen.findByText('Enrichment Started')).toBeInTheDocument();
    expect(screen.getByText('1 lead queued for enrichment. 1 lead already in progress, not queued again.')).toBeInTheDocument();
    expect(sent).toEqual([{ leadIds: ['lead-1', 'lead-2'], priority: 'normal' }]);
  });

  it("says 'Enrichment Failed' with the reason", async () => {
    const { user } = open({ status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'leadIds: at most 500 leads at a time' } } });
    await user.click(await screen.findByRole('button', { name: 'Enrich' }));
    expect(await screen.findByText('Enrichment Failed')).toBeInTheDocument();
    expect(screen.getByText('leadIds: at most 500 leads at a time')).toBeInTheDocument();
  });

  it('says why it cannot run without a property-data service', async () => {
    const { sent } = open({ status: 202 }, { ...AI_HEALTH_ALL_ON, enrichment: 'not_configured', modes: { ...AI_HEALTH_ALL_ON.modes, enrichment: 'not_configured' } });
    expect(await screen.findByRole('button', { name: /^Enrich: No property-data service is configured/ })).toHaveAttribute('aria-disabled', 'true');
    expect(sent).toEqual([]);
  });
});
