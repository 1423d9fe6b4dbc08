/** GET /api/health, read by the public status page and the debug page: 200 while the database answers, 503 (same shape) when it does not. */
export type Health = { status: 'ok' | 'error'; database: 'ok' | 'error'; storage?: 'local' | 's3'; version?: string; checked_at?: string };

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
