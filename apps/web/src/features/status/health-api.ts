import type { ServerHealth } from '@wholesail/domain';

/** GET /api/health (200, or 503 when the database does not answer): a page judges by the two states and shows what else came. */
export type Health = Pick<ServerHealth, 'status' | 'database'> & Partial<ServerHealth>;

export type Reading = { health: Health | null; readAt: string };

/** /api/health read for a page: the answer, or null when the server did not give one. */
export async function readHealth(): Promise<Reading> {
  const readAt = new Date().toISOString();
  try {
    const response = await fetch('/api/health', { cache: 'no-store' });
    const body = (await response.json()) as Partial<Health>;
    if (body.status !== 'ok' && body.status !== 'error') return { health: null, readAt };
    return { health: body as Health, readAt };
  } catch {
    return { health: null, readAt };
  }
}
