/** Money as typed in a form: "$250,000", "250000" or "250000.50"; blank is no amount. */

/** The amount typed, null when blank, NaN when it is not an amount. */
export function parseMoney(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** An amount as a form shows it: "250,000"; blank for none. */
export function moneyText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : grouped.format(value);
}
