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

/** A text a batch wants to send: its sequence (the sequence's cap) and its lead (the number, the next window). */
export interface CapCandidate {
  sequence: { id: string; daily_cap: number | null };
  lead: GateLead;
}
export type CapMove = { at: Date; reason: string } | null;

/**
 * For each text of a batch, in order, whether it may go now under the sequence's daily cap and the organization's
 * (the UTC day's texts the engine sent), and the per-number limit: null when it may, else when it goes and why. The
 * batch's own texts count as they are let through. Holds the organization's cap lock to the end of the transaction,
 * so two workers cannot both take the last place; the caller claims the runs in the same transaction.
 */
export async function capMoves(tx: Tx, organizationId: string, texts: readonly CapCandidate[], now: Date): Promise<CapMove[]> {
  if (texts.length === 0) return [];
  await sql`select pg_advisory_xact_lock(hashtext(${`automation-cap:${organizationId}`}))`.execute(tx);
  const sent = await textsSentSince(tx, organizationId, utcDayStart(now));
  const recent = await recentTexts(tx, organizationId, texts.flatMap(({ lead }) => leadTextNumber(lead) ?? []), now);
  let organization = sent.organization;
  return texts.map(({ sequence, lead }) => {
    const sequenceSent = sent.bySequence.get(sequence.id) ?? 0;
    if (sequence.daily_cap !== null && sequenceSent >= sequence.daily_cap) return { at: nextDayWindow(lead, now), reason: CAP_MESSAGES.sequence(sequence.daily_cap) };
    if (organization >= ORGANIZATION_DAILY_TEXT_CAP) return { at: nextDayWindow(lead, now), reason: CAP_MESSAGES.organization };
    const to = leadTextNumber(lead);
    const times = to ? (recent.get(to) ?? []) : [];
    if (times.length >= TEXTS_PER_NUMBER_PER_24H) {
      const oldest = times[times.length - TEXTS_PER_NUMBER_PER_24H]!;
      return { at: legalSendTime(leadCallingLocation(lead), new Date(oldest.getTime() + DAY + 60_000)).at, reason: CAP_MESSAGES.perNumber };
    }
    organization += 1;
    sent.bySequence.set(sequence.id, sequenceSent + 1);
    if (to) recent.set(to, [...times, now]);
    return null;
  });
}

/** The outbound texts of the last 24 hours to each of `numbers`, oldest first (the per-number limit). */
async function recentTexts(tx: Tx, organizationId: string, numbers: readonly string[], now: Date): Promise<Map<string, Date[]>> {
  const recent = new Map<string, Date[]>();
  if (numbers.length === 0) return recent;
  const rows = await tx
    .selectFrom('conversations')
    .select(['to_e164', 'created_at'])
    .where('organization_id', '=', organizationId)
    .where(sql<boolean>`to_e164 = any(${sql.val([...new Set(numbers)])}::text[])`)
    .where('direction', '=', 'outbound')
    .where('created_at', '>', new Date(now.getTime() - DAY))
    .where('created_at', '<=', now)
    .orderBy('created_at')
    .execute();
  for (const row of rows) recent.set(row.to_e164!, [...(recent.get(row.to_e164!) ?? []), new Date(row.created_at)]);
  return recent;
}
