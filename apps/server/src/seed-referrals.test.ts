import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';
import { seedDemo } from './seed';

describe('the demo seed', () => {
  const t = useTestApp('pglite');

  it('gives Realtor push two licensed partners and one listed referral on the lead timeline', async () => {
    await seedDemo(t.database.db, 'demo-referrals@example.com', 'wholesail-demo');
    const cookie = await t.signIn('demo-referrals@example.com', 'wholesail-demo');
    const get = async (url: string) => (await t.request('GET', url, { cookie })).json();
    const partners = (await get('/api/referral-partners')).items as Array<{ name: string; license_number: string; license_state: string }>;
    expect(partners.map((p) => p.name)).toEqual(['Renee Castillo', 'Tom Okafor']);
    expect(partners.every((p) => p.license_number && p.license_state === 'TX')).toBe(true);
    const [referral] = (await get('/api/referrals')).items;
    expect(referral).toMatchObject({ partner_name: 'Renee Castillo', status: 'listed', referral_fee_percent: 25 });
    expect(referral.fee_expected).toBeGreaterThan(0);
    const timeline = (await get(`/api/leads/${referral.lead_id}/activity`)).items.map((e: { summary: string }) => e.summary);
    expect(timeline).toEqual(expect.arrayContaining(['Renee Castillo listed the property', 'Renee Castillo accepted the referral']));
  });
});
