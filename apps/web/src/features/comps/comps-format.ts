import { formatUsd, type CompAdjustmentBreakdown } from '@wholesail/domain';

const dayFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Mar 1, 2024" for a YYYY-MM-DD day, read as that calendar day wherever the browser is. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** "+$5,000", "−$7,500" or "$0". */
export function formatSignedUsd(value: number): string {
  if (value === 0) return '$0';
  return `${value > 0 ? '+' : '−'}${formatUsd(Math.abs(value))}`;
}

/** "$193/sqft", or an em dash without a size. */
export function formatPerSqft(value: number | null): string {
  return value === null ? '—' : `${formatUsd(value)}/sqft`;
}

export function formatMiles(miles: number): string {
  return `${miles.toFixed(2)} mi`;
}

/** "1,500 sqft · 3 bd · 2 ba · built 1990", leaving out what is unknown. */
export function formatFeatures(f: { building_square_feet: number | null; total_bedrooms: number | null; total_baths: number | null; year_built: number | null }): string {
  return [
    f.building_square_feet !== null && `${f.building_square_feet.toLocaleString('en-US')} sqft`,
    f.total_bedrooms !== null && `${f.total_bedrooms} bd`,
    f.total_baths !== null && `${f.total_baths} ba`,
    f.year_built !== null && `built ${f.year_built}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

const ADJUSTMENT_LABELS: ReadonlyArray<[keyof Omit<CompAdjustmentBreakdown, 'total'>, string]> = [
  ['sqft', 'Size'],
  ['bedrooms', 'Bedrooms'],
  ['bathrooms', 'Bathrooms'],
  ['age', 'Age'],
];

/** The adjustments that change the price, labelled, in a fixed order. */
export function adjustmentLines(a: CompAdjustmentBreakdown): Array<{ label: string; value: number }> {
  return ADJUSTMENT_LABELS.filter(([key]) => a[key] !== 0).map(([key, label]) => ({ label, value: a[key] }));
}
