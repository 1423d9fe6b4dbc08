import { formatListedDate, formatPhone, leadCallingLocation, timeZoneFor, type LeadDncNumber } from '@wholesail/domain';
import { Link } from 'react-router';
import { dncScreenHref } from './dnc-links';
import { sourceLabel } from './messages';

/** The time zone the compliance gate dates a lead's listings in (its refusal message): the lead's, else UTC. */
export function leadTimeZone(lead: Readonly<Record<string, unknown>>): string {
  const location = leadCallingLocation(lead);
  return timeZoneFor(location.state, location.zip) ?? 'UTC';
}

type Props = { numbers: readonly LeadDncNumber[]; timeZone: string };

/** A lead's listed numbers: the number, why and when it was listed, and a way to the list entry. */
export function DncNumberList({ numbers, timeZone }: Props) {
  return (
    <ul className="grid gap-2.5" aria-label="Numbers on the Do Not Call list">
      {numbers.map((entry) => {
        const phone = formatPhone(entry.phone_e164);
        return (
          <li key={entry.phone_e164} className="grid gap-0.5">
            <span className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-medium tabular-nums text-foreground">{phone}</span>
              <span className="text-muted-foreground">
                {sourceLabel(entry.source)}, {formatListedDate(entry.created_at, timeZone)}
              </span>
            </span>
            {entry.reason && <span className="break-words text-muted-foreground">“{entry.reason}”</span>}
            <Link
              to={dncScreenHref(entry.phone_e164)}
              aria-label={`See ${phone} on the Do Not Contact list`}
              className="justify-self-start text-xs text-primary underline-offset-4 hover:underline"
            >
              See it on the Do Not Contact list
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
