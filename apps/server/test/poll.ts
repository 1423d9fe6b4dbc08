/** Waits until `fn` answers something (checking every 100 ms), or fails after `ms`. */
export async function poll<T>(what: string, fn: () => Promise<T | null | undefined>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
