import { dncListedMessage, type DncSource } from '@wholesail/domain';
import { expect } from 'vitest';
import type { TestApp } from './harness';

/** 1:00 PM in Texas (CDT): inside the calling window. */
export const DAYTIME = new Date('2026-07-15T18:00:00Z');

export type CallingLead = { id: string; to: string; notes: string | null; dnc_status: boolean | null };

/** A Texas lead with a callable number `+1512555<prefix><nn>`; `extra` overrides any field. */
export async function newCallingLead(t: TestApp, cookie: string, n: number, extra: Record<string, unknown> = {}, prefix = '90'): Promise<CallingLead> {
  const phone = `512555${prefix}${String(n).padStart(2, '0')}`;
  const res = await t.request('POST', '/api/leads', {
    cookie,
    body: { owner_1_name: `Pat Seller ${n}`, property_address_full: `${n} Main St, Austin, TX`, property_address_state: 'TX', property_address_zipcode: '78701', contact_1_phone1: phone, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json(), to: `+1${phone}` };
}

/** Polls `read` every 25 ms until `done` holds (about 6 s at most). */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 240; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** 7:12 AM in Texas (CST): before calling (and texting) opens. */
export const EARLY = new Date('2026-01-15T13:12:00Z');

/**
 * The gate's refusal for a listed number of a Texas lead: its entry read from GET /api/dnc, in the message of
 * packages/domain (dncListedMessage, unit-tested there with literal texts).
 */
export async function listedRefusal(t: TestApp, cookie: string, e164: string): Promise<string> {
  const res = await t.request('GET', `/api/dnc?search=${encodeURIComponent(e164)}`, { cookie });
  const entry = (res.json() as { items: Array<{ phone_e164: string; source: DncSource; created_at: string }> }).items.find((e) => e.phone_e164 === e164);
  if (!entry) throw new Error(`${e164} is not listed: ${res.body}`);
  return dncListedMessage(entry, 'America/Chicago');
}
