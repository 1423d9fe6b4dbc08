/**
 * The calling window (DESIGN.md "Calling rules"): 8:00–21:00 in the lead's local time, Florida
 * 8:00–20:00. The time zone comes from the US state, refined by the zip's first three digits where a
 * state is split and the split follows zip prefixes simply; elsewhere the state's majority zone is used
 * (e.g. Michigan's Upper Peninsula counties, western Kansas, south-west North Dakota, the Aleutians and
 * the Navajo Nation are treated as their state's main zone). An unknown location gets the strictest US
 * window: calling is allowed only while it is allowed in every US zone from Hawaii to Eastern (Eastern
 * closing at 20:00, as Florida's Eastern part does). Computed with Intl, so DST is handled by the
 * platform's time-zone data.
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

export const CALLING_OPENS_MINUTES = 8 * 60;
export const CALLING_CLOSES_MINUTES = 21 * 60;
export const FLORIDA_CLOSES_MINUTES = 20 * 60;

/** The zones an unknown location might be in, each with its closing time (Florida's Eastern part closes at 20:00). */
const US_ZONES: Array<[string, number]> = [
  ['America/New_York', FLORIDA_CLOSES_MINUTES], ['America/Chicago', CALLING_CLOSES_MINUTES],
  ['America/Denver', CALLING_CLOSES_MINUTES], ['America/Phoenix', CALLING_CLOSES_MINUTES],
  ['America/Los_Angeles', CALLING_CLOSES_MINUTES], ['America/Anchorage', CALLING_CLOSES_MINUTES],
  ['Pacific/Honolulu', CALLING_CLOSES_MINUTES],
];

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

export function zoneLabel(timeZone: string): string {
  return ZONE_LABELS[timeZone] ?? timeZone;
}

/** Minutes since local midnight in a zone. */
export function localMinutes(timeZone: string, now: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return (get('hour') % 24) * 60 + get('minute');
}

/** The zone's offset from UTC in minutes at that instant (e.g. -300 for EST). */
function offsetMinutes(timeZone: string, now: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'));
  return Math.round((asUtc - Math.floor(now.getTime() / 60000) * 60000) / 60000);
}

/** 480 → '8:00 AM', 1260 → '9:00 PM'. */
export function formatClock(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  const h = Math.floor(m / 60);
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m % 60).padStart(2, '0')} ${suffix}`;
}

export interface CallingWindow {
  allowed: boolean;
  /** The lead's local time, e.g. '7:12 AM' (Eastern time when the location is unknown). */
  localTime: string;
  timeZone: string;
  /** Short zone label: ET, CT, MT, MST, PT, AKT, HT. */
  zone: string;
  locationKnown: boolean;
  opensAt: string;
  closesAt: string;
  /** The refusal text when not allowed. */
  message?: string;
}

export function callingWindow(state: string | null, zip: string | null, now: Date): CallingWindow {
  const timeZone = timeZoneFor(state, zip);
  if (!timeZone) return unknownLocationWindow(now);
  const closes = stateCode(state) === 'FL' ? FLORIDA_CLOSES_MINUTES : CALLING_CLOSES_MINUTES;
  const local = localMinutes(timeZone, now);
  const allowed = local >= CALLING_OPENS_MINUTES && local < closes;
  const zone = zoneLabel(timeZone);
  const result: CallingWindow = {
    allowed, localTime: formatClock(local), timeZone, zone, locationKnown: true,
    opensAt: formatClock(CALLING_OPENS_MINUTES), closesAt: formatClock(closes),
  };
  if (!allowed) {
    const when = local >= closes ? ' tomorrow' : '';
    result.message = `Calling hours for this lead are ${result.opensAt}–${result.closesAt}; it is ${result.localTime} there (${zone}). Calling opens at ${result.opensAt}${when}.`;
  }
  return result;
}

function unknownLocationWindow(now: Date): CallingWindow {
  const eastern = 'America/New_York';
  const east = offsetMinutes(eastern, now);
  // Each zone's window expressed in Eastern minutes; the intersection is the latest open to the earliest close.
  let opens = -Infinity;
  let closes = Infinity;
  for (const [zone, zoneCloses] of US_ZONES) {
    const shift = east - offsetMinutes(zone, now);
    opens = Math.max(opens, CALLING_OPENS_MINUTES + shift);
    closes = Math.min(closes, zoneCloses + shift);
  }
  const local = localMinutes(eastern, now);
  const allowed = local >= opens && local < closes;
  const result: CallingWindow = {
    allowed, localTime: formatClock(local), timeZone: eastern, zone: 'ET', locationKnown: false,
    opensAt: formatClock(opens), closesAt: formatClock(closes),
  };
  if (!allowed) {
    const when = local >= closes ? ' tomorrow' : '';
    result.message = `This lead's location is unknown, so calling is allowed only while it is within calling hours in every US time zone: ${result.opensAt}–${result.closesAt} ET; it is ${result.localTime} ET. Calling opens at ${result.opensAt} ET${when}.`;
  }
  return result;
}

/** 'YYYY-MM-DD HH:mm' in a zone (the stamp of a note line). */
export function formatLocalStamp(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${String(Number(get('hour')) % 24).padStart(2, '0')}:${get('minute')}`;
}

/** Where a lead is for calling purposes: the property's state and zip, the mailing address as fallback. */
export function leadCallingLocation(lead: Record<string, unknown>): { state: string | null; zip: string | null } {
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const propertyState = str(lead.property_address_state);
  if (stateCode(propertyState)) {
    return { state: propertyState, zip: str(lead.property_address_zipcode) ?? str(lead.property_address_zip) };
  }
  const mailingState = str(lead.mailing_address_state);
  if (stateCode(mailingState)) return { state: mailingState, zip: str(lead.mailing_address_zip) };
  return { state: null, zip: null };
}
