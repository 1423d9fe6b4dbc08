/** The columns of /leads and how they lay out in the room the list has (leads-page.tsx draws them). */
export const ROW_HEIGHT = 60;
export const CARD_HEIGHT = 124;

/**
 * How the list lays out in the room it has: every column; the columns an agent works from (no equity, tags or
 * last contact) when the full set would scroll sideways; a card per lead, Call on its own line, on a phone.
 */
export type ListLayout = 'full' | 'compact' | 'cards';
export const listLayout = (width: number | null): ListLayout => (width === null || width >= 1050 ? 'full' : width >= 760 ? 'compact' : 'cards');

export const GRIDS: Record<ListLayout, string> = {
  full: 'grid grid-cols-[minmax(110px,1fr)_minmax(130px,1.3fr)_128px_84px_84px_60px_minmax(88px,0.8fr)_minmax(110px,1fr)_88px_64px] items-center gap-2 px-4',
  compact: 'grid grid-cols-[minmax(110px,1fr)_minmax(130px,1.3fr)_128px_84px_60px_minmax(96px,0.8fr)_64px] items-center gap-2 px-4',
  cards:
    "grid grid-cols-[minmax(0,1fr)_auto_auto] content-center items-center gap-x-3 gap-y-1 px-4 [grid-template-areas:'name_name_motivation'_'address_address_address'_'phone_value_value'_'status_status_call']",
};
/** Each cell's place on a card (cards only; the table places cells in order). */
const AREAS = {
  name: '[grid-area:name]', address: '[grid-area:address]', phone: '[grid-area:phone]', value: '[grid-area:value] justify-self-end',
  motivation: '[grid-area:motivation] justify-self-end', status: '[grid-area:status]', call: '[grid-area:call]',
} as const;
export type Cell = keyof typeof AREAS | 'equity' | 'tags' | 'contacted';
export const WIDE_ONLY: readonly Cell[] = ['equity', 'tags', 'contacted'];

export const cellClass = (layout: ListLayout, cell: Cell) =>
  WIDE_ONLY.includes(cell) ? (layout === 'full' ? '' : 'hidden') : layout === 'cards' ? AREAS[cell as keyof typeof AREAS] : '';

export const COLUMNS: readonly [Cell, string][] = [
  ['name', 'Owner'], ['address', 'Property address'], ['phone', 'Phone'], ['value', 'Est. value'], ['equity', 'Equity'],
  ['motivation', 'Motivation'], ['status', 'Status'], ['tags', 'Tags'], ['contacted', 'Last contacted'], ['call', 'Call'],
];
