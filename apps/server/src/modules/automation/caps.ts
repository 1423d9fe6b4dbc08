import { sql } from 'kysely';
import { addDays, EASTERN, leadCallingLocation, legalSendTime, localTime, timeZoneFor, wallTimeToInstant } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { leadTextNumber, type GateLead } from '../calls/gate';
import { textsSentSince } from './runs';

/** Automatic texts an organization sends a day, whatever its sequences' own caps: spreads a large enrolment over days. */
export const ORGANIZATION_DAILY_TEXT_CAP = 1_000;

/**
 * Texts one number may get in a rolling 24 hours before the engine holds its next one (members' and the engine's
 * alike): Florida's telephone solicitation act allows 3 solicitations per 24 hours about the same subject, and
 * carriers flag numbers that text a person more often.
 */
export const TEXTS_PER_NUMBER_PER_24H = 3;

export const CAP_MESSAGES = {
  perNumber: `This number already got ${TEXTS_PER_NUMBER_PER_24H} texts in the last 24 hours; the text waits until the oldest is a day old, in the lead’s calling window`,
  sequence: (cap: number) => `This sequence’s daily cap of ${cap.toLocaleString('en-US')} texts is reached; the text goes out in the next day’s window`,
  organization: `The organization’s daily cap of ${ORGANIZATION_DAILY_TEXT_CAP.toLocaleString('en-US')} automatic texts is reached; the text goes out in the next day’s window`,
} as const;

const DAY = 86_400_000;
const utcDayStart = (at: Date) => new Date(Math.floor(at.getTime() / DAY) * DAY);

/** The first legal minute of the lead's next day (and never inside the capped UTC day). */
function nextDayWindow(lead: GateLead, now: Date): Date {
  const location = leadCallingLocation(lead);
  const zone = timeZoneFor(location.state, location.zip) ?? EASTERN;
  const localMidnight = wallTimeToInstant(zone, addDays(localTime(zone, now), 1), 0);
  const from = new Date(Math.max(localMidnight.getTime(), utcDayStart(now).getTime() + DAY));
  return legalSendTime(location, from).at;
}

/**
 * Whether a text may go now under the sequence's daily cap and the organization's (the UTC day's texts the engine
 * sent), and the per-number limit: null when it may, else when it goes and why. Holds the organization's cap lock to the end of the
 * transaction, so two workers cannot both take the last place; the caller claims the run in the same transaction.
 */
export async function capMove(tx: Tx, organizationId: string, sequence: { id: string; daily_cap: number | null }, lead: GateLead, now: Date): Promise<{ at: Date; reason: string } | null> {
  await sql`select pg_advisory_xact_lock(hashtext(${`automation-cap:${organizationId}`}))`.execute(tx);
  const sent = await textsSentSince(tx, organizationId, sequence.id, utcDayStart(now));
  if (sequence.daily_cap !== null && sent.sequence >= sequence.daily_cap) return { at: nextDayWindow(lead, now), reason: CAP_MESSAGES.sequence(sequence.daily_cap) };
  if (sent.organization >= ORGANIZATION_DAILY_TEXT_CAP) return { at: nextDayWindow(lead, now), reason: CAP_MESSAGES.organization };
  return perNumberMove(tx, organizationId, lead, now);
}

/** The per-number limit: when the lead's text number had its fill of texts in the last 24 hours, when the next may go. */
async function perNumberMove(tx: Tx, organizationId: string, lead: GateLead, now: Date): Promise<{ at: Date; reason: string } | null> {
  const to = leadTextNumber(lead);
  if (!to) return null;
  const recent = await tx
    .selectFrom('conversations')
    .select('created_at')
    .where('organization_id', '=', organizationId)
    .where('to_e164', '=', to)
    .where('direction', '=', 'outbound')
    .where('created_at', '>', new Date(now.getTime() - DAY))
    .where('created_at', '<=', now)
    .orderBy('created_at', 'desc')
    .limit(TEXTS_PER_NUMBER_PER_24H)
    .execute();
  if (recent.length < TEXTS_PER_NUMBER_PER_24H) return null;
  const oldest = new Date(recent[recent.length - 1]!.created_at);
  return { at: legalSendTime(leadCallingLocation(lead), new Date(oldest.getTime() + DAY + 60_000)).at, reason: CAP_MESSAGES.perNumber };
}
