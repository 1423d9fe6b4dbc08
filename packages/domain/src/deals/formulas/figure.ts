import { formatUsd } from '../../leads/display';

/**
 * Deal formulas (issue 20; research: wave2.md "Deal analysis"). Every answer carries the formula it used, written
 * with the figures that went into it, so a screen can show "why this number". Money is rounded to whole dollars
 * once, on the answer; the figures quoted inside a formula are shown rounded but computed unrounded.
 */
export interface Figure {
  value: number;
  formula: string;
}
/** A figure that cannot be computed from its inputs (no price, no debt): null with the reason, never NaN or Infinity. */
export interface MissingFigure {
  value: null;
  reason: string;
}
export type MaybeFigure = Figure | MissingFigure;

/** The formula of a figure, or why it has none: what a "why" line shows. */
export function explain(figure: MaybeFigure): string {
  return figure.value === null ? figure.reason : figure.formula;
}

export function roundMoney(value: number): number {
  // `+ 0` turns -0 into 0 so a break-even shows as $0.
  return Math.round(value) + 0;
}

/** Ratios and percents keep two decimals (7.25 %, DSCR 1.31). */
export function roundRatio(value: number): number {
  return Math.round(value * 100) / 100 + 0;
}

export const usd = (value: number): string => formatUsd(roundMoney(value));
/** A price per unit keeps its cents ($2.50 a square foot); totals do not. */
const centsFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const unitPrice = (value: number): string => (Number.isInteger(value) ? formatUsd(value) : centsFormat.format(value));
export const pct = (value: number): string => `${roundRatio(value).toLocaleString('en-US')}%`;

/** "− repairs $30,000" for a subtraction, so formulas never read "− $-5". */
export function minus(label: string, value: number): string {
  return value < 0 ? `+ ${label} ${usd(-value)}` : `− ${label} ${usd(value)}`;
}

export const money = (raw: number, formula: string): Figure => ({ value: roundMoney(raw), formula });
