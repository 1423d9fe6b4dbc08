/** Times on a lead's automation card, on the lead's clock: a step's hours are judged there. */
import { leadCallingLocation, timeZoneFor, zoneLabel } from '@wholesail/domain';

export type LeadClock = { timeZone: string | undefined; zone: string | null };

/** The lead's time zone as the calling window reads it (the property's state and ZIP, else the mailing address). */
export function leadClock(lead: Record<string, unknown>): LeadClock {
  const location = leadCallingLocation(lead);
  const timeZone = timeZoneFor(location.state, location.zip);
  return timeZone ? { timeZone, zone: zoneLabel(timeZone) } : { timeZone: undefined, zone: null };
}

/** "Tue, Mar 3, 9:00 AM CT" on the lead's clock; on the viewer's own clock ("your time") when the lead's zone is unknown. */
export function leadTime(iso: string, clock: LeadClock): string {
  const text = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: clock.timeZone }).format(
    new Date(iso),
  );
  return clock.zone ? `${text} ${clock.zone}` : `${text} your time`;
}
