import { describe, expect, it } from 'vitest';
import {
  HEADER_DICTIONARY,
  IMPORTABLE_FIELDS,
  coerceCell,
  mappingProblems,
  normaliseHeader,
  parseCsvBoolean,
  parseCsvDate,
  parseCsvNumber,
  proposeMapping,
} from './csv-mapping';
import { LEAD_FIELDS } from './lead-fields';

describe('proposeMapping', () => {
  it('maps a BatchLeads export header and lists the columns it does not know', () => {
    const headers = [
      'First Name', 'Last Name', 'Property Address', 'Property City', 'Property State', 'Property Zip',
      'Mailing Address', 'Mailing City', 'Mailing State', 'Mailing Zip', 'Phone 1', 'Phone 1 Type', 'Phone 2',
      'Phone 3', 'Email 1', 'Estimated Value', 'Equity', 'Open Mortgage Balance', 'Bedrooms', 'Bathrooms',
      'Living Square Feet', 'Year Built', 'Property Type', 'Vacant', 'Tax Delinquent', 'Pre-Foreclosure',
      'Last Sale Date', 'Last Sale Amount', 'APN', 'County', 'Owner Occupied', 'Absentee', 'List Stack',
    ];
    const { mapping, unknown } = proposeMapping(headers);
    expect(mapping).toMatchObject({
      'First Name': 'owner_1_first_name',
      'Last Name': 'owner_1_last_name',
      'Property Address': 'property_address',
      'Property City': 'property_address_city',
      'Property State': 'property_address_state',
      'Property Zip': 'property_address_zipcode',
      'Mailing Address': 'mailing_address_line_1',
      'Mailing City': 'mailing_address_city',
      'Mailing State': 'mailing_address_state',
      'Mailing Zip': 'mailing_address_zip',
      'Phone 1': 'contact_1_phone1',
      'Phone 2': 'contact_1_phone2',
      'Phone 3': 'contact_1_phone3',
      'Email 1': 'contact_1_email1',
      'Estimated Value': 'estimated_value',
      Equity: 'equity_amount',
      'Open Mortgage Balance': 'mortgage_balance',
      Bedrooms: 'total_bedrooms',
      Bathrooms: 'total_baths',
      'Living Square Feet': 'building_square_feet',
      'Year Built': 'year_built',
      'Property Type': 'property_type',
      Vacant: 'vacant',
      'Tax Delinquent': 'tax_delinquent',
      'Pre-Foreclosure': 'pre_foreclosure',
      'Last Sale Date': 'last_sale_date',
      'Last Sale Amount': 'last_sale_amount',
      APN: 'apn_parcel_id',
      County: 'county',
      'Owner Occupied': 'occupancy_status',
    });
    expect(unknown).toEqual(['Phone 1 Type', 'Absentee', 'List Stack']);
    expect(mapping['Phone 1 Type']).toBeNull();
    expect(Object.keys(mapping)).toEqual(headers);
  });

  it('maps a PropStream export header', () => {
    const headers = [
      'Address', 'Unit #', 'City', 'State', 'Zip', 'County', 'APN', 'Owner Occupied', 'Owner 1 First Name',
      'Owner 1 Last Name', 'Owner 2 First Name', 'Owner 2 Last Name', 'Mailing Address', 'Mailing City',
      'Mailing State', 'Mailing Zip', 'Property Type', 'Bedrooms', 'Total Bathrooms', 'Building Sqft',
      'Lot Size Sqft', 'Effective Year Built', 'Total Assessed Value', 'Last Sale Recording Date',
      'Last Sale Amount', 'Est. Remaining balance of Open Loans', 'Est. Value', 'Est. Equity', 'Vacant',
      'Phone 1', 'Email 1', 'Do Not Mail',
    ];
    const { mapping, unknown } = proposeMapping(headers);
    expect(mapping).toMatchObject({
      Address: 'property_address',
      City: 'property_address_city',
      State: 'property_address_state',
      Zip: 'property_address_zipcode',
      'Owner 1 First Name': 'owner_1_first_name',
      'Owner 2 Last Name': 'owner_2_last_name',
      'Total Bathrooms': 'total_baths',
      'Building Sqft': 'building_square_feet',
      'Lot Size Sqft': 'lot_square_feet',
      'Effective Year Built': 'year_built',
      'Total Assessed Value': 'assessed_value',
      'Last Sale Recording Date': 'last_sale_recording_date',
      'Est. Remaining balance of Open Loans': 'mortgage_balance',
      'Est. Value': 'estimated_value',
      'Est. Equity': 'equity_amount',
    });
    expect(unknown).toEqual(['Unit #', 'Do Not Mail']);
  });

  it('maps our own (DealMachine-style) field names to themselves and gives a field to the first column only', () => {
    const { mapping } = proposeMapping(['property_address_full', 'contact_1_phone1', 'Owner Name', 'owner_1_name', 'AVM', 'Estimated Value']);
    expect(mapping).toEqual({
      property_address_full: 'property_address_full',
      contact_1_phone1: 'contact_1_phone1',
      'Owner Name': 'owner_1_name',
      owner_1_name: null,
      AVM: 'estimated_value',
      'Estimated Value': null,
    });
  });

  it('only proposes importable fields, and every field name but address maps to itself', () => {
    for (const field of HEADER_DICTIONARY.values()) expect(IMPORTABLE_FIELDS).toContain(field);
    for (const field of IMPORTABLE_FIELDS.filter((f) => f !== 'address')) expect(HEADER_DICTIONARY.get(normaliseHeader(field)), field).toBe(field);
    // PropStream's 'Address' is the property's street line.
    expect(HEADER_DICTIONARY.get('address')).toBe('property_address');
    expect(IMPORTABLE_FIELDS).not.toContain('status');
    expect(IMPORTABLE_FIELDS).not.toContain('created_by');
  });
});

describe('mappingProblems', () => {
  const headers = ['Name', 'Street', 'Cell'];
  it('accepts a mapping of known columns to importable fields or null', () => {
    expect(mappingProblems(headers, { Name: 'owner_1_name', Street: 'property_address', Cell: null })).toEqual([]);
  });
  it('names unknown fields, unknown columns and fields mapped from two columns', () => {
    expect(mappingProblems(headers, { Name: 'owner_name' })).toEqual(["mapping.Name: unknown field 'owner_name'"]);
    expect(mappingProblems(headers, { Name: 'status' })).toEqual(["mapping.Name: unknown field 'status'"]);
    expect(mappingProblems(headers, { Phone: 'contact_1_phone1' })).toEqual(["mapping: the file has no column 'Phone'"]);
    expect(mappingProblems(headers, { Name: 'owner_1_name', Street: 'owner_1_name' })).toEqual([
      "mapping: field 'owner_1_name' is mapped from two columns, 'Name' and 'Street'",
    ]);
  });
});

describe('cell values', () => {
  it('reads money, percentages and plain numbers', () => {
    expect(parseCsvNumber('$1,234.50')).toBe(1234.5);
    expect(parseCsvNumber('12%')).toBe(12);
    expect(parseCsvNumber(' 42 ')).toBe(42);
    expect(parseCsvNumber('(1,000)')).toBe(-1000);
    expect(parseCsvNumber('350K')).toBe(350_000);
    expect(parseCsvNumber('1.2M')).toBe(1_200_000);
    expect(parseCsvNumber('-7.5')).toBe(-7.5);
    for (const bad of ['abc', '12abc', '1.2.3', '$', '']) expect(parseCsvNumber(bad), bad).toBeNull();
  });

  it('reads yes/no, y/n, true/false and 1/0', () => {
    for (const t of ['yes', 'Y', 'TRUE', 'true', '1']) expect(parseCsvBoolean(t), t).toBe(true);
    for (const f of ['no', 'N', 'False', '0']) expect(parseCsvBoolean(f), f).toBe(false);
    expect(parseCsvBoolean('maybe')).toBeNull();
  });

  it('reads YYYY-MM-DD and M/D/YYYY dates and refuses impossible ones', () => {
    expect(parseCsvDate('2021-03-04')).toBe('2021-03-04');
    expect(parseCsvDate('3/4/2021')).toBe('2021-03-04');
    expect(parseCsvDate('12/31/1999')).toBe('1999-12-31');
    expect(parseCsvDate('2021-03-04T10:00:00Z')).toBe('2021-03-04');
    expect(parseCsvDate('2/30/2021')).toBeNull();
    expect(parseCsvDate('2021-13-01')).toBeNull();
    expect(parseCsvDate('March 4')).toBeNull();
  });

  it('coerces by field type and names the column and value of a row-breaking problem', () => {
    expect(coerceCell('estimated_value', '$250,000', 'Est. Value')).toEqual({ ok: true, value: 250000 });
    expect(coerceCell('year_built', '1,984.0', 'Year Built')).toEqual({ ok: true, value: 1984 });
    expect(coerceCell('vacant', 'Yes', 'Vacant')).toEqual({ ok: true, value: true });
    expect(coerceCell('last_sale_date', '7/1/2015', 'Last Sale Date')).toEqual({ ok: true, value: '2015-07-01' });
    expect(coerceCell('property_address_state', 'tx', 'State')).toEqual({ ok: true, value: 'TX' });
    expect(coerceCell('property_address_state', 'Texas', 'State')).toEqual({ ok: true, value: 'TX' });
    expect(coerceCell('owner_1_name', '  Jane Doe ', 'Owner')).toEqual({ ok: true, value: 'Jane Doe' });
    expect(coerceCell('badges', 'Vacant; Absentee,Vacant', 'Tags')).toEqual({ ok: true, value: ['vacant', 'absentee'] });
    expect(coerceCell('estimated_value', '   ', 'Est. Value')).toEqual({ ok: true, value: null });
    expect(coerceCell('estimated_value', 'call me', 'Est. Value')).toEqual({
      ok: false, drop: false, reason: "column 'Est. Value' has 'call me', not a number",
    });
    expect(coerceCell('property_address_state', 'Texass', 'State')).toMatchObject({ ok: false, drop: false });
    expect(coerceCell('vacant', 'maybe', 'Vacant')).toMatchObject({ ok: false, drop: false });
    expect(coerceCell('motivation_score', '12', 'Motivation')).toMatchObject({ ok: false, drop: false });
  });

  it('drops only an unusable phone or email, with the dialer phone rules as the reason', () => {
    expect(coerceCell('contact_1_phone1', '(512) 555-0100', 'Phone 1')).toEqual({ ok: true, value: '(512) 555-0100' });
    expect(coerceCell('contact_1_phone1', '555-0100', 'Phone 1')).toEqual({
      ok: false, drop: true, reason: "column 'Phone 1' phone '555-0100' dropped: Phone number must be at least 10 digits",
    });
    expect(coerceCell('contact_1_phone1', 'call 5125550100', 'Phone 1')).toMatchObject({ drop: true, reason: expect.stringContaining('invalid characters') });
    expect(coerceCell('contact_1_phone1', '0000000000', 'Phone 1')).toMatchObject({ drop: true });
    expect(coerceCell('contact_1_email1', 'Jane@Example.COM', 'Email')).toEqual({ ok: true, value: 'jane@example.com' });
    expect(coerceCell('contact_1_email1', 'jane at example', 'Email')).toMatchObject({ ok: false, drop: true });
  });

  it('has a coercion for every importable field type', () => {
    for (const field of IMPORTABLE_FIELDS) {
      expect(LEAD_FIELDS[field]).toBeDefined();
      expect(coerceCell(field, '', 'c')).toEqual({ ok: true, value: null });
    }
  });
});
