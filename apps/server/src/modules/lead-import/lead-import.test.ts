import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { baseScore, type ImportStatus, type ScoreInput } from '@wholesail/domain';
import { withTenant } from '../../db/scope';
import { requestContext } from '../../http/context';
import { JobInterrupted } from '../../jobs/queue';
import { deriveLeadColumns } from '../leads/derive';
import { DB_KINDS, ORIGIN, useTestApp, type TestApp } from '../../../test/harness';
import { StoredFileMissing } from '../../providers/storage';
import { runImport, startImport } from './service';
import { createImport, importFileKey } from './upload';

type Owner = Awaited<ReturnType<TestApp['createOrg']>>;

const HEADER =
  'First Name,Last Name,Property Address,Property City,Property State,Property Zip,Mailing Address,Mailing City,Mailing State,Mailing Zip,Phone 1,Phone 1 Type,Phone 2,Email 1,Estimated Value,Equity,Bedrooms,Bathrooms,Year Built,Vacant,Tax Delinquent,Last Sale Date,List Stack';
// Line numbers of the file (the header is line 1) are the row numbers errors name.
const ROWS = [
  /* 2 new        */ 'Jane,Doe,123 Main Street,Austin,TX,78701,PO Box 9,Austin,TX,78767,(512) 555-0101,Mobile,,Jane@Example.com,"$350,000","$120,000",3,2,1984,Yes,No,3/15/2010,2',
  /* 3 new        */ 'John,Roe,456 Oak Avenue,Dallas,tx,75201,,,,,214-555-0102,Landline,,,"$600,000",,4,3,2001,No,Yes,2012-06-01,1',
  /* 4 bad value  */ 'Bad,Value,1 Nowhere Lane,Austin,TX,78701,,,,,,,,,call me,,,,,,,,',
  /* 5 dup addr 2 */ 'Jane,Doe,123 main st.,AUSTIN,TX,78701,,,,,,,,,"$375,000",,,,,,,,',
  /* 6 dup phone 3*/ 'Johnny,Roe,PO Box 1,Dallas,TX,75202,,,,,+1 (214) 555 0102,,,,,"$200,000",,,,,,,',
  /* 7 nothing    */ ',,,,,,,,,,(512) 555-0177,,,,"$90,000",,,,,,,,',
  /* 8 dup before */ 'Pat,Pine,77 Pine Court,Houston,TX,77002,,,,,713-555-0199,,,,"$200,000",,,,,Y,,,',
  /* 9 bad phone  */ '"Smith, Jr.",Al,9 Elm Road,Houston,Texas,77003,,,,,555-01,,972-555-0123,,"$150,001",,,,,,,,',
];
const CSV = [HEADER, ...ROWS].join('\r\n') + '\r\n';

describe.each(DB_KINDS)('CSV lead import on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Owner;
  let b: Owner;
  let existingId: string;

  const upload = (owner: Owner, body: string | Buffer, contentType = 'text/csv', filename = 'batchleads.csv') =>
    t.app.inject({
      method: 'POST',
      url: `/api/leads/import?filename=${encodeURIComponent(filename)}`,
      headers: { origin: ORIGIN, cookie: owner.cookie, 'content-type': contentType },
      payload: body,
    });

  const waitFor = async (owner: Owner, id: string): Promise<ImportStatus> => {
    for (let i = 0; i < 300; i++) {
      const res = await t.request('GET', `/api/leads/import/${id}`, { cookie: owner.cookie });
      expect(res.statusCode, res.body).toBe(200);
      const status = res.json() as ImportStatus;
      if (status.status === 'completed' || status.status === 'failed') return status;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('import did not finish');
  };

  const deps = () => ({ db: t.database.db, storage: t.app.services.storage, log: t.app.log });
  const fileGone = async (key: string) => {
    for (let i = 0; i < 100; i++) {
      const found = await t.app.services.storage.get(key).then((stream) => void stream.destroy(), (error: unknown) => error);
      if (found instanceof StoredFileMissing) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`${key} is still stored`);
  };

  const leadsOf = (owner: Owner) =>
    withTenant(t.database.db, owner.organizationId, async (tx) =>
      (await sql<Record<string, unknown>>`select * from leads where status <> 'deleted' order by created_at, id`.execute(tx)).rows,
    );

  beforeAll(async () => {
    a = await t.createOrg('Import A');
    b = await t.createOrg('Import B');
    // A lead that exists before the import, with the address written differently.
    const values = { owner_1_name: 'Pat Pine', property_address_full: '77 Pine Ct., Houston, TX 77002', motivation_score: 6, status: 'discovery' };
    existingId = await withTenant(t.database.db, a.organizationId, async (tx) => {
      const row = await sql<{ id: string }>`
        insert into leads (organization_id, owner_1_name, property_address_full, motivation_score, status, score_base, address_key, phone_key)
        values (${a.organizationId}, ${values.owner_1_name}, ${values.property_address_full}, ${values.motivation_score}, ${values.status},
                ${deriveLeadColumns(values).score_base}, ${deriveLeadColumns(values).address_key}, null)
        returning id`.execute(tx);
      return row.rows[0]!.id;
    });
  });

  it('previews a BatchLeads file, imports it as a job and counts inserted, updated and skipped rows', async () => {
    const res = await upload(a, CSV);
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json();
    expect(preview).toMatchObject({ status: 'awaiting_mapping', filename: 'batchleads.csv', total_rows: 8 });
    expect(preview.headers).toEqual(HEADER.split(','));
    expect(preview.proposed_mapping).toMatchObject({
      'First Name': 'owner_1_first_name',
      'Property Address': 'property_address',
      'Property Zip': 'property_address_zipcode',
      'Phone 1': 'contact_1_phone1',
      'Phone 1 Type': null,
      'Estimated Value': 'estimated_value',
      Equity: 'equity_amount',
    });
    expect(preview.unknown_columns).toEqual(['Phone 1 Type', 'List Stack']);
    expect(preview.sample_rows).toHaveLength(5);
    expect(preview.sample_rows[0].slice(0, 3)).toEqual(['Jane', 'Doe', '123 Main Street']);

    const queued = await t.request('GET', `/api/leads/import/${preview.id}`, { cookie: a.cookie });
    expect(queued.json()).toMatchObject({ status: 'awaiting_mapping', rows_read: 0, inserted: 0 });

    const start = await t.request('POST', `/api/leads/import/${preview.id}/start`, { cookie: a.cookie, body: { mapping: preview.proposed_mapping } });
    expect(start.statusCode, start.body).toBe(202);
    expect(['queued', 'running', 'completed']).toContain(start.json().status);

    const done = await waitFor(a, preview.id);
    expect(done).toMatchObject({ status: 'completed', total_rows: 8, rows_read: 8, inserted: 3, updated: 3, skipped: 2 });
    expect(done.finished_at).not.toBeNull();
    expect(done.errors).toEqual([
      { row: 4, reason: "row 4: column 'Estimated Value' has 'call me', not a number" },
      { row: 7, reason: 'row 7: no property address or owner name' },
      { row: 9, reason: "row 9: column 'Phone 1' phone '555-01' dropped: Phone number must be at least 10 digits" },
    ]);

    const leads = await leadsOf(a);
    expect(leads).toHaveLength(4);
    const byOwner = Object.fromEntries(leads.map((l) => [l.owner_1_name as string, l]));
    // Row 2, then row 5 (same address written differently) updated its value.
    expect(byOwner['Jane Doe']).toMatchObject({
      property_address_full: '123 Main Street, Austin, TX 78701',
      property_address_city: 'Austin',
      property_address_state: 'TX',
      contact_1_phone1: '(512) 555-0101',
      contact_1_email1: 'jane@example.com',
      estimated_value: 375000,
      equity_amount: 120000,
      total_bedrooms: 3,
      year_built: 1984,
      vacant: true,
      tax_delinquent: false,
      mailing_address_full: 'PO Box 9, Austin, TX 78767',
      owner_address_state: 'TX',
      status: 'new',
      source: 'csv_import',
      created_by: a.userId,
      address_key: '123 main st austin tx 78701',
      phone_key: '+15125550101',
    });
    expect(String(byOwner['Jane Doe']!.last_sale_date instanceof Date ? (byOwner['Jane Doe']!.last_sale_date as Date).toISOString() : byOwner['Jane Doe']!.last_sale_date)).toMatch(/^2010-03-1[45]/);
    // Row 3, then row 6 (same phone written differently) updated it; the address stays row 6's.
    const john = leads.find((l) => l.phone_key === '+12145550102')!;
    expect(john).toMatchObject({ owner_1_name: 'Johnny Roe', estimated_value: 600000, equity_amount: 200000, tax_delinquent: true });
    // Row 8 updated the lead that existed before the import, keeping its status.
    const pat = leads.find((l) => l.id === existingId)!;
    expect(pat).toMatchObject({ owner_1_name: 'Pat Pine', status: 'discovery', motivation_score: 6, estimated_value: 200000, vacant: true, contact_1_phone1: '713-555-0199', phone_key: '+17135550199' });
    // Row 9: the bad phone was dropped, the rest imported.
    expect(byOwner['Smith, Jr. Al']).toMatchObject({ contact_1_phone1: null, contact_1_phone2: '972-555-0123', property_address_state: 'TX' });

    for (const lead of leads) {
      expect(lead.score_base, String(lead.owner_1_name)).toBe(baseScore({ ...(lead as unknown as ScoreInput), last_contacted_at: null }));
      expect(lead.address_key).toBe(deriveLeadColumns(lead as Parameters<typeof deriveLeadColumns>[0]).address_key);
      expect(lead.phones_e164).toEqual(deriveLeadColumns(lead as Parameters<typeof deriveLeadColumns>[0]).phones_e164);
    }
    expect(pat.score_base).toBeGreaterThan(deriveLeadColumns({ motivation_score: 6, status: 'discovery' }).score_base);

    // The stored file is deleted once the finish committed; a second start is refused.
    await fileGone(importFileKey(a.organizationId, preview.id));
    const again = await t.request('POST', `/api/leads/import/${preview.id}/start`, { cookie: a.cookie, body: { mapping: preview.proposed_mapping } });
    expect(again.statusCode).toBe(409);
  });

  it('lists every number of a row marked Do Not Call (source import), and never clears the flag', async () => {
    const run = async (csv: string) => {
      const preview = (await upload(a, csv, 'text/csv', 'dnc-rows.csv')).json();
      expect((await t.request('POST', `/api/leads/import/${preview.id}/start`, { cookie: a.cookie, body: { mapping: preview.proposed_mapping } })).statusCode).toBe(202);
      expect(await waitFor(a, preview.id)).toMatchObject({ status: 'completed' });
    };
    await run('Owner Name,Property Address,Phone 1,Phone 2,DNC\r\nDee Enn,5 Do Not Lane,512-555-0611,512-555-0612,Yes\r\nEl Fine,6 Fine Lane,512-555-0613,,No\r\n');
    const listed = async (phone: string) => (await t.request('GET', `/api/dnc?search=${phone}`, { cookie: a.cookie })).json().items;
    const dee = (await leadsOf(a)).find((l) => l.owner_1_name === 'Dee Enn')!;
    for (const phone of ['5125550611', '5125550612']) {
      expect(await listed(phone)).toEqual([expect.objectContaining({ source: 'import', lead_id: dee.id, created_by: a.userId, reason: 'Marked Do Not Call in the lead import dnc-rows.csv' })]);
    }
    expect(await listed('5125550613')).toEqual([]);
    // A later row for El (same address) marks it: the update lists its numbers; a row saying No keeps Dee Do Not Call.
    await run('Owner Name,Property Address,Phone 3,DNC\r\nDee Enn,5 Do Not Lane,,No\r\nEl Fine,6 Fine Lane,512-555-0614,Yes\r\n');
    const el = (await leadsOf(a)).find((l) => l.owner_1_name === 'El Fine')!;
    expect((await t.request('GET', `/api/leads/${el.id}`, { cookie: a.cookie })).json()).toMatchObject({
      dnc_status: true, dnc_numbers: [expect.objectContaining({ phone_e164: '+15125550613', source: 'import' }), expect.objectContaining({ phone_e164: '+15125550614', source: 'import' })],
    });
    expect((await t.request('GET', `/api/leads/${dee.id}`, { cookie: a.cookie })).json()).toMatchObject({ dnc_status: true });
    expect((await leadsOf(a)).find((l) => l.id === dee.id)).toMatchObject({ dnc_status: true, dnc_listed: true });
  });

  it("gives 404 for another organization's import and 401 when signed out", async () => {
    const res = await upload(a, 'Owner Name,Property Address\nAnn,1 First St\n');
    const id = res.json().id;
    expect((await t.request('GET', `/api/leads/import/${id}`, { cookie: b.cookie })).statusCode).toBe(404);
    const start = await t.request('POST', `/api/leads/import/${id}/start`, { cookie: b.cookie, body: { mapping: {} } });
    expect(start.statusCode).toBe(404);
    expect((await t.request('GET', `/api/leads/import/${id}`, { cookie: a.cookie })).statusCode).toBe(200);
    expect((await t.request('GET', `/api/leads/import/${id}`)).statusCode).toBe(401);
    expect((await t.request('GET', '/api/leads/import/00000000-0000-4000-8000-000000000000', { cookie: a.cookie })).statusCode).toBe(404);
  });

  it('accepts the file as multipart/form-data field "file"', async () => {
    const boundary = '----wholesail';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="propstream.csv"',
      'Content-Type: text/csv',
      '',
      'Address,City,State,Zip,Owner 1 First Name,Owner 1 Last Name,Est. Value',
      '5 Birch Ln,Austin,TX,78704,Kim,Lee,"$410,000"',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await upload(b, body, `multipart/form-data; boundary=${boundary}`, '');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ filename: 'propstream.csv', total_rows: 1, proposed_mapping: { Address: 'property_address', 'Est. Value': 'estimated_value' } });
  });

  it('answers 400 naming the problem for bad uploads and mappings, 413 above the size limit', async () => {
    const expect400 = async (res: Awaited<ReturnType<typeof upload>>, code: string, message: RegExp) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.message).toMatch(message);
    };
    await expect400(await upload(a, ''), 'EMPTY_FILE', /empty/);
    await expect400(await upload(a, '\n\n  \n'), 'EMPTY_FILE', /empty/);
    await expect400(await upload(a, '123 Main St,Austin,TX,78701\n9 Elm Rd,Dallas,TX,75201\n'), 'NO_HEADER', /no header row/);
    await expect400(await upload(a, 'Owner Name,Property Address\n'), 'NO_ROWS', /no data rows/);
    await expect400(await upload(a, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08])), 'NOT_CSV', /not a CSV file/);
    await expect400(await upload(a, 'a,b\n"1,2\n'), 'NOT_CSV', /not valid CSV/);
    await expect400(await upload(a, '{"a":1}', 'application/json'), 'NOT_CSV', /not a CSV file/);
    await expect400(await upload(a, 'GIF89a', 'image/gif'), 'NOT_CSV', /Content-Type image\/gif/);

    const big = await upload(a, Buffer.alloc(50 * 1024 * 1024 + 10, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toEqual({ code: 'FILE_TOO_LARGE', message: 'The file is larger than the 50 MB upload limit' });

    const id = (await upload(a, 'Owner Name,Street,Cell\nAnn,1 First St,5125550100\n')).json().id;
    const start = (mapping: unknown) => t.request('POST', `/api/leads/import/${id}/start`, { cookie: a.cookie, body: { mapping } });
    const bad = async (mapping: unknown, message: RegExp) => {
      const res = await start(mapping);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toMatch(message);
    };
    await bad({ 'Owner Name': 'owner_name' }, /mapping\.Owner Name: unknown field 'owner_name'/);
    await bad({ 'Owner Name': 'owner_1_name', Street: 'owner_1_name' }, /field 'owner_1_name' is mapped from two columns, 'Owner Name' and 'Street'/);
    await bad({ Phone: 'contact_1_phone1' }, /no column 'Phone'/);
    await bad({ Cell: 'contact_1_phone1' }, /map a column to the property address or the owner name/);
    await bad('nope', /mapping/);
    const ok = await start({ 'Owner Name': 'owner_1_name', Street: 'property_address', Cell: 'contact_1_phone1' });
    expect(ok.statusCode, ok.body).toBe(202);
    expect((await waitFor(a, id)).inserted).toBe(1);
  });

  it('resumes a stopped run after its last committed batch and never writes a row twice', async () => {
    const ctx = requestContext(t.database.db, { user: { id: b.userId, email: b.email, name: 'B' }, organizationId: b.organizationId, role: 'owner' });
    const lines = ['Owner Name,Property Address,Phone 1'];
    for (let i = 0; i < 25; i++) lines.push(`Owner ${i},${100 + i} Resume Road,(737) 555-${String(1000 + i)}`);
    lines.push('Owner 3 again,103 resume rd,');
    const preview = await createImport(deps(), ctx, { filename: 'resume.csv', stream: Readable.from([Buffer.from(lines.join('\n'))]) });
    await startImport(ctx, preview.id, preview.proposed_mapping, async () => {});
    const job = { organizationId: b.organizationId, importId: preview.id };

    await expect(runImport(deps(), job, { batchSize: 10, shouldStop: () => true, lastAttempt: false })).rejects.toBeInstanceOf(JobInterrupted);
    const ctxStatus = async () =>
      (await withTenant(t.database.db, b.organizationId, (tx) => sql<{ status: string; rows_read: number; inserted: number }>`select status, rows_read, inserted from lead_imports where id = ${preview.id}`.execute(tx))).rows[0]!;
    expect(await ctxStatus()).toEqual({ status: 'running', rows_read: 10, inserted: 10 });

    await runImport(deps(), job, { batchSize: 10 });
    await runImport(deps(), job, { batchSize: 10 }); // a duplicate delivery of a finished job changes nothing
    expect(await ctxStatus()).toEqual({ status: 'completed', rows_read: 26, inserted: 25 });
    const resumeLeads = (await leadsOf(b)).filter((l) => String(l.property_address).includes('Resume'));
    expect(resumeLeads).toHaveLength(25);
    expect(resumeLeads.find((l) => l.property_address === '103 Resume Road')!.owner_1_name).toBe('Owner 3 again');
  });

  it('queues the job in the transaction that starts the import: a failed send leaves it waiting for its mapping', async () => {
    const ctx = requestContext(t.database.db, { user: { id: b.userId, email: b.email, name: 'B' }, organizationId: b.organizationId, role: 'owner' });
    const csv = Buffer.from('Owner Name,Property Address\nQueued Owner,5 Queued Way\n');
    const preview = await createImport(deps(), ctx, { filename: 'queued.csv', stream: Readable.from([csv]) });
    const refused = startImport(ctx, preview.id, preview.proposed_mapping, async () => {
      throw new Error('the queue is unreachable');
    });
    await expect(refused).rejects.toThrow('the queue is unreachable');
    expect((await t.request('GET', `/api/leads/import/${preview.id}`, { cookie: b.cookie })).json()).toMatchObject({ status: 'awaiting_mapping' });

    // Through the route, the job is there as soon as the start is answered.
    const start = await t.request('POST', `/api/leads/import/${preview.id}/start`, { cookie: b.cookie, body: { mapping: preview.proposed_mapping } });
    expect(start.statusCode, start.body).toBe(202);
    const jobs = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'lead-import' and data->>'importId' = ${preview.id}`.execute(t.database.db);
    expect(jobs.rows[0]!.n).toBe(1);
    expect(await waitFor(b, preview.id)).toMatchObject({ status: 'completed', inserted: 1 });
  });
});
