import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, ORIGIN, useTestApp, type TestApp } from '../../../test/harness';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;
type Buyer = { id: string; contact_name: string; company_name: string | null; primary_email: string | null; primary_phone: string | null; buy_box: Record<string, unknown> };

describe.each(DB_KINDS)('buyers CSV import on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Org;
  let b: Org;
  const upload = (org: Org, csv: string, filename = 'buyers.csv') =>
    t.app.inject({ method: 'POST', url: `/api/buyers/import?filename=${filename}`, headers: { origin: ORIGIN, cookie: org.cookie, 'content-type': 'text/csv' }, payload: csv });
  const buyers = async (org: Org): Promise<Buyer[]> => (await t.request('GET', '/api/buyers?limit=200', { cookie: org.cookie })).json().items;

  beforeAll(async () => {
    a = await t.createOrg('Import Buyers A');
    b = await t.createOrg('Import Buyers B');
    const res = await t.request('POST', '/api/buyers', { cookie: a.cookie, body: { contact_name: 'Dana Existing', primary_email: 'dana@flipco.test', buy_box: { cities: ['Austin'], max_repairs: 40_000 } } });
    expect(res.statusCode).toBe(201);
  });

  it('imports good rows with their buy boxes, updates duplicates by email or phone, and reports bad rows with a reason', async () => {
    const csv = [
      'Full Name,Company,E-mail,Phone Number,States,Cities,Zip Codes,Property Type,Min Price,Max Price,Min Beds,Min Baths,Max Rehab,Exit Strategy,POF Amount,POF Date,Days to Close,Favourite colour',
      'Riley Cash,Cash Homes LLC,riley@cashhomes.test,(512) 555-0170,"TX; OK","Austin; Round Rock",78701 78702,"SFR, Duplex","$100,000",250k,3,2,"$60,000","Fix and flip/Buy and hold",500000,2026-03-01,14,blue',
      'Dana Updated,FlipCo,DANA@flipco.test,,Texas,,,,,,,,,,,,,',
      ',,nobody@nowhere.test,,,,,,,,,,,,,,,',
      'Sam Wrong,,sam@wrong.test,,Narnia,,,,,,,,,,,,,',
      'Riley Cash,,,512-555-0170,,,,,,300000,,,,,,,,',
      'Lee Range,,lee@range.test,,,,,,300000,200000,,,,,,,,',
    ].join('\n');
    const res = await upload(a, csv);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ filename: 'buyers.csv', total_rows: 6, inserted: 1, updated: 2, skipped: 3 });
    expect(result.errors).toEqual([
      { row: 4, reason: 'row 4: no name (a Name, First name/Last name or Company column)' },
      { row: 5, reason: 'row 5: "Narnia" is not a US state' },
      { row: 7, reason: 'row 7: price_min: the minimum price must not be above the maximum' },
    ]);
    expect(result.columns.find((c: { header: string }) => c.header === 'Favourite colour')).toEqual({ header: 'Favourite colour', field: null });
    expect(result.columns.find((c: { header: string }) => c.header === 'Max Rehab')).toEqual({ header: 'Max Rehab', field: 'max_repairs' });

    const list = await buyers(a);
    expect(list).toHaveLength(2);
    const riley = list.find((x) => x.contact_name === 'Riley Cash')!;
    expect(riley).toMatchObject({ company_name: 'Cash Homes LLC', primary_email: 'riley@cashhomes.test', primary_phone: '512-555-0170' });
    expect(riley.buy_box).toMatchObject({
      states: ['TX', 'OK'], cities: ['Austin', 'Round Rock'], zip_codes: ['78701', '78702'], property_kinds: ['single_family', 'multi_family'],
      price_min: 100_000, price_max: 300_000, min_beds: 3, min_baths: 2, max_repairs: 60_000, strategies: ['flip', 'rental'],
      proof_of_funds: { amount: 500_000, dated: '2026-03-01', document: null }, close_within_days: 14,
    });
    // Row 6 has Riley's phone written another way: it updated Riley (price_max 300,000), not a new buyer.
    const dana = list.find((x) => x.primary_email === 'dana@flipco.test')!;
    expect(dana).toMatchObject({ contact_name: 'Dana Updated', company_name: 'FlipCo' });
    // The file's criteria join the buyer's own; the criteria it leaves empty stay.
    expect(dana.buy_box).toMatchObject({ states: ['TX'], cities: ['Austin'], max_repairs: 40_000 });
    const source = await t.database.db.selectFrom('buyers').select('source').where('id', '=', riley.id).executeTakeFirstOrThrow();
    expect(source.source).toBe('import');
    // Nothing reached the other organization.
    expect(await buyers(b)).toEqual([]);
  });

  it('refuses a file without a name column, without a header, or not a CSV, with a message', async () => {
    const noName = await upload(a, 'Email,Phone\nx@y.test,5125550100\n');
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error).toMatchObject({ code: 'NO_NAME_COLUMN', message: expect.stringMatching(/no name column/) });
    const noHeader = await upload(a, '5125550100,200000\n');
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().error.code).toBe('NO_HEADER');
    const binary = await t.app.inject({ method: 'POST', url: '/api/buyers/import', headers: { origin: ORIGIN, cookie: a.cookie, 'content-type': 'text/csv' }, payload: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]) });
    expect(binary.statusCode).toBe(400);
    expect(binary.json().error.code).toBe('NOT_CSV');
  });
});
