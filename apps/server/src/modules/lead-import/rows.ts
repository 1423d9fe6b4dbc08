import { cellCoercer, outOfStateOwner, type CellResult, type ImportMapping, type LeadFieldName } from '@wholesail/domain';

/** A mapped column: where it is in the record and which field it fills. */
export interface PlannedColumn {
  index: number;
  header: string;
  field: LeadFieldName;
  coerce: (raw: string) => CellResult;
}

/** Lead fields an import fills from other mapped columns when the file has no column of its own for them. */
const COMPOSED: Array<{ field: LeadFieldName; from: LeadFieldName[] }> = [
  { field: 'property_address_full', from: ['property_address', 'property_address_line_1', 'property_address_street', 'address'] },
  { field: 'owner_1_name', from: ['owner_1_first_name', 'owner_1_last_name'] },
  { field: 'owner_2_name', from: ['owner_2_first_name', 'owner_2_last_name'] },
  { field: 'mailing_address_full', from: ['mailing_address_line_1'] },
  { field: 'owner_address_state', from: ['mailing_address_state'] },
  { field: 'out_of_state_owner', from: ['mailing_address_state', 'owner_address_state'] },
];

export interface ImportPlan {
  columns: PlannedColumn[];
  /** Every lead column an imported row may carry: mapped and composed fields. */
  fields: LeadFieldName[];
  composes: Set<LeadFieldName>;
}

export function planImport(headers: string[], mapping: ImportMapping): ImportPlan {
  const columns: PlannedColumn[] = [];
  headers.forEach((header, index) => {
    const field = mapping[header];
    if (field) columns.push({ index, header, field, coerce: cellCoercer(field, header) });
  });
  const mapped = new Set(columns.map((c) => c.field));
  const composes = new Set(COMPOSED.filter((c) => !mapped.has(c.field) && c.from.some((f) => mapped.has(f))).map((c) => c.field));
  return { columns, fields: [...mapped, ...composes], composes };
}

export type LeadValues = Partial<Record<LeadFieldName, unknown>>;

export type BuiltRow =
  | { ok: true; values: LeadValues; warnings: string[] }
  | { ok: false; reason: string };

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

function joinAddress(street: string | null, city: string | null, state: string | null, zip: string | null): string | null {
  if (!street) return null;
  const region = [state, zip].filter(Boolean).join(' ');
  return [street, city, region].filter(Boolean).join(', ');
}

/**
 * One CSV record → the lead values it carries, or the reason it cannot be imported. Reasons and
 * warnings start with 'row N:' (N = the file's line, header = 1).
 */
export function buildRow(cells: string[], plan: ImportPlan, row: number): BuiltRow {
  const values: LeadValues = {};
  const warnings: string[] = [];
  for (const column of plan.columns) {
    const raw = cells[column.index];
    if (raw === undefined || raw === '') continue;
    const result = column.coerce(raw);
    if (result.ok) {
      if (result.value !== null) values[column.field] = result.value;
    } else if (result.drop) {
      warnings.push(`row ${row}: ${result.reason}`);
    } else {
      return { ok: false, reason: `row ${row}: ${result.reason}` };
    }
  }
  const c = plan.composes;
  if (c.has('property_address_full')) {
    const street = str(values.property_address) ?? str(values.property_address_line_1) ?? str(values.property_address_street) ?? str(values.address);
    const full = joinAddress(street, str(values.property_address_city), str(values.property_address_state), str(values.property_address_zipcode) ?? str(values.property_address_zip));
    if (full) values.property_address_full = full;
  }
  if (c.has('owner_1_name')) {
    const name = [str(values.owner_1_first_name), str(values.owner_1_last_name)].filter(Boolean).join(' ');
    if (name) values.owner_1_name = name;
  }
  if (c.has('owner_2_name')) {
    const name = [str(values.owner_2_first_name), str(values.owner_2_last_name)].filter(Boolean).join(' ');
    if (name) values.owner_2_name = name;
  }
  if (c.has('mailing_address_full')) {
    const full = joinAddress(str(values.mailing_address_line_1), str(values.mailing_address_city), str(values.mailing_address_state), str(values.mailing_address_zip));
    if (full) values.mailing_address_full = full;
  }
  if (c.has('owner_address_state') && values.mailing_address_state) values.owner_address_state = values.mailing_address_state;
  if (c.has('out_of_state_owner')) {
    const derived = outOfStateOwner(values.property_address_state, values.mailing_address_state ?? values.owner_address_state);
    if (derived !== null) values.out_of_state_owner = derived;
  }

  if (!(values.property_address_full || values.property_address || values.address || values.owner_1_name || values.name)) {
    return { ok: false, reason: `row ${row}: no property address or owner name` };
  }
  return { ok: true, values, warnings };
}
