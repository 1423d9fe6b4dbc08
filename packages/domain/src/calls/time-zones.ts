/**
 * Where a lead is in time: the IANA zone of a US state, refined by the zip's first three digits where a state is
 * split and the split follows zip prefixes simply; elsewhere the state's majority zone is used (e.g. Michigan's
 * Upper Peninsula counties, western Kansas, south-west North Dakota, the Aleutians and the Navajo Nation are treated
 * as their state's main zone). Local clocks are read with Intl, so DST comes from the platform's time-zone data.
 */

const STATE_ZONES: Record<string, string> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago',
  CA: 'America/Los_Angeles', CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York',
  DC: 'America/New_York', FL: 'America/New_York', GA: 'America/New_York', HI: 'Pacific/Honolulu',
  ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis', IA: 'America/Chicago',
  KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
  MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago',
  MS: 'America/Chicago', MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago',
  NV: 'America/Los_Angeles', NH: 'America/New_York', NJ: 'America/New_York', NM: 'America/Denver',
  NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago', OH: 'America/New_York',
  OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York',
  SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago',
  UT: 'America/Denver', VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles',
  WV: 'America/New_York', WI: 'America/Chicago', WY: 'America/Denver',
};

/** Split states whose minority zone follows zip prefixes: [state, first prefix, last prefix, zone]. */
const ZIP_ZONES: Array<[string, number, number, string]> = [
  ['FL', 324, 325, 'America/Chicago'], // Panhandle west of the Apalachicola (Panama City, Pensacola)
  ['TN', 373, 379, 'America/New_York'], // East Tennessee (Chattanooga, Knoxville, Tri-Cities)
  ['KY', 420, 424, 'America/Chicago'], // Western Kentucky (Paducah, Bowling Green, Owensboro)
  ['IN', 463, 464, 'America/Chicago'], // North-west Indiana (Gary)
  ['IN', 476, 477, 'America/Chicago'], // South-west Indiana (Evansville)
  ['TX', 798, 799, 'America/Denver'], // El Paso
  ['NE', 690, 693, 'America/Denver'], // Western Nebraska
  ['SD', 577, 577, 'America/Denver'], // West River (Rapid City)
  ['ID', 835, 835, 'America/Los_Angeles'], // Lewiston
  ['ID', 838, 838, 'America/Los_Angeles'], // Idaho panhandle (Coeur d'Alene)
  ['OR', 979, 979, 'America/Boise'], // Malheur County
];

const STATE_NAMES: Record<string, string> = {
  alabama: 'AL', alaska: 'AK', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO',
  connecticut: 'CT', delaware: 'DE', 'district of columbia': 'DC', florida: 'FL', georgia: 'GA',
  hawaii: 'HI', idaho: 'ID', illinois: 'IL', indiana: 'IN', iowa: 'IA', kansas: 'KS', kentucky: 'KY',
  louisiana: 'LA', maine: 'ME', maryland: 'MD', massachusetts: 'MA', michigan: 'MI', minnesota: 'MN',
  mississippi: 'MS', missouri: 'MO', montana: 'MT', nebraska: 'NE', nevada: 'NV', 'new hampshire': 'NH',
  'new jersey': 'NJ', 'new mexico': 'NM', 'new york': 'NY', 'north carolina': 'NC', 'north dakota': 'ND',
  ohio: 'OH', oklahoma: 'OK', oregon: 'OR', pennsylvania: 'PA', 'rhode island': 'RI',
  'south carolina': 'SC', 'south dakota': 'SD', tennessee: 'TN', texas: 'TX', utah: 'UT', vermont: 'VT',
  virginia: 'VA', washington: 'WA', 'west virginia': 'WV', wisconsin: 'WI', wyoming: 'WY',
};

const ZONE_LABELS: Record<string, string> = {
  'America/New_York': 'ET', 'America/Detroit': 'ET', 'America/Indiana/Indianapolis': 'ET',
  'America/Chicago': 'CT', 'America/Denver': 'MT', 'America/Boise': 'MT', 'America/Phoenix': 'MST',
  'America/Los_Angeles': 'PT', 'America/Anchorage': 'AKT', 'Pacific/Honolulu': 'HT',
};

export const EASTERN = 'America/New_York';

/** Every state code (50 states and DC). */
export const STATE_CODES: readonly string[] = Object.keys(STATE_ZONES);

/** 'TX', 'tx' or 'Texas' → 'TX'; anything else → null. */
export function stateCode(state: string | null | undefined): string | null {
  const v = state?.trim();
  if (!v) return null;
  const upper = v.toUpperCase();
  if (STATE_ZONES[upper]) return upper;
  return STATE_NAMES[v.toLowerCase().replace(/\s+/g, ' ')] ?? null;
}

/** The IANA zone of a US state (and zip where it splits the state), or null when unknown. */
export function timeZoneFor(state: string | null | undefined, zip: string | null | undefined): string | null {
  const code = stateCode(state);
  if (!code) return null;
  const prefix = Number((zip ?? '').trim().slice(0, 3));
  if (/^\d{3}/.test((zip ?? '').trim())) {
    const hit = ZIP_ZONES.find(([s, from, to]) => s === code && prefix >= from && prefix <= to);
    if (hit) return hit[3];
  }
  return STATE_ZONES[code]!;
}

/** Every zone a state's leads may be in: its main zone and its zip-split minority zones. */
export function zonesOfState(code: string): string[] {
  return [...new Set([STATE_ZONES[code]!, ...ZIP_ZONES.filter(([s]) => s === code).map(([, , , zone]) => zone)])];
}

export function zoneLabel(timeZone: string): string {
  return ZONE_LABELS[timeZone] ?? timeZone;
}

/** A calendar day, month 1–12. */
export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

/** A zone's wall clock at an instant: the date, the weekday (0 = Sunday) and the minutes since local midnight. */
export interface LocalTime extends CivilDate {
  weekday: number;
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * Offsets by zone and UTC hour. The US zones change offset only on the hour (2:00 local, a whole-hour offset), so
 * an offset read once with Intl holds for its whole UTC hour: the calling rules read many local times per check.
 */
const offsets = new Map<string, number>();

/** The zone's offset from UTC in minutes at that instant (e.g. -300 for EST). */
function offsetMinutes(timeZone: string, at: Date): number {
  const hour = Math.floor(at.getTime() / 3_600_000);
  const key = `${timeZone}|${hour}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const start = new Date(hour * 3_600_000);
    const parts = formatterFor(timeZone).formatToParts(start);
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    offset = Math.round((Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute')) - start.getTime()) / 60000);
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

export function localTime(timeZone: string, at: Date): LocalTime {
  const d = new Date(Math.floor(at.getTime() / 60000) * 60000 + offsetMinutes(timeZone, at) * 60000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay(), minutes: d.getUTCHours() * 60 + d.getUTCMinutes() };
}

/** The instant a zone's clock shows `minutes` past midnight on a date (the calling hours never fall in a DST gap). */
export function wallTimeToInstant(timeZone: string, date: CivilDate, minutes: number): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  const first = wall - offsetMinutes(timeZone, new Date(wall)) * 60000;
  return new Date(wall - offsetMinutes(timeZone, new Date(first)) * 60000);
}

export function addDays(date: CivilDate, days: number): CivilDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** 0 = Sunday. */
export function weekdayOf(date: CivilDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** Whole days from `a` to `b`. */
export function daysBetween(a: CivilDate, b: CivilDate): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

/** 480 → '8:00 AM', 1260 → '9:00 PM'. */
export function formatClock(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  const h = Math.floor(m / 60);
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m % 60).padStart(2, '0')} ${suffix}`;
}

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** How a later local day reads from `today`: 'today', 'tomorrow', 'on Monday' (within a week) or 'on November 30'. */
export function dayWord(today: CivilDate, day: CivilDate): string {
  const diff = daysBetween(today, day);
  if (diff <= 0) return 'today';
  if (diff === 1) return 'tomorrow';
  if (diff < 7) return `on ${WEEKDAY_NAMES[weekdayOf(day)]}`;
  return `on ${MONTH_NAMES[day.month - 1]} ${day.day}`;
}
