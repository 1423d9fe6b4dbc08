/** Readable names of the reporting time zones, from the runtime's own time-zone data. */
import { zoneLabel } from '@wholesail/domain';

/** 'America/Chicago' → "Central Time"; the zone's id where the runtime has no name for it. */
export function zoneName(timeZone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' }).formatToParts(new Date());
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** 'America/Chicago' → "Central Time — Chicago (CT)"; 'America/Puerto_Rico' → "Atlantic Standard Time — Puerto Rico". */
export function zoneOptionLabel(timeZone: string): string {
  const city = (timeZone.split('/').at(-1) ?? timeZone).replace(/_/g, ' ');
  const short = zoneLabel(timeZone);
  return `${zoneName(timeZone)} — ${city}${short === timeZone ? '' : ` (${short})`}`;
}
