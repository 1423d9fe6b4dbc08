import { callingWindow, nextAllowedTime, type CallingLocation } from '../calls/calling-window';
import { addDays, EASTERN, localTime, timeZoneFor, wallTimeToInstant } from '../calls/time-zones';
import type { SequenceStep, StepKind } from './sequence-api';

/**
 * When a sequence step runs. A step falls due its delay after the previous step ran (or after the enrolment, for the
 * first step); a wait step then waits for its weekday and/or time on the lead's clock. Texts and call tasks then go
 * through the calling window the gate applies (calls/calling-window.ts): a step due outside it moves to the next
 * legal minute, never earlier than due and never skipped.
 */

/** Steps that reach the lead by phone, so they wait for the lead's calling window. */
export const WINDOWED_STEP_KINDS: readonly StepKind[] = ['text', 'call_task'];
export const needsCallingWindow = (kind: StepKind) => WINDOWED_STEP_KINDS.includes(kind);

const MINUTE = 60_000;
const parseTime = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The lead's zone as the gate reads it; an unknown location keeps Eastern time, as the gate's messages do. */
const zoneOf = (location: CallingLocation) => timeZoneFor(location.state, location.zip) ?? EASTERN;

/** The first moment at or after `from` (within its minute) the lead's clock shows that weekday and/or time. */
function nextWallMoment(from: Date, weekday: number | undefined, time: string | undefined, timeZone: string): Date {
  const local = localTime(timeZone, from);
  const minuteStart = Math.floor(from.getTime() / MINUTE) * MINUTE;
  const ahead = weekday === undefined ? 0 : (weekday - local.weekday + 7) % 7;
  if (time === undefined) return ahead === 0 ? from : wallTimeToInstant(timeZone, addDays(local, ahead), 0);
  const at = (days: number) => wallTimeToInstant(timeZone, addDays(local, days), parseTime(time));
  const first = at(ahead);
  if (first.getTime() >= minuteStart) return new Date(Math.max(first.getTime(), from.getTime()));
  return at(ahead + (weekday === undefined ? 1 : 7));
}

/** When a step falls due: its delay after `previousAt`, then (a wait step) the next moment at its weekday/time in the lead's zone. */
export function stepDueAt(previousAt: Date, step: Pick<SequenceStep, 'kind' | 'delay_minutes' | 'weekday' | 'time'>, location: CallingLocation): Date {
  const afterDelay = new Date(previousAt.getTime() + step.delay_minutes * MINUTE);
  if (step.kind !== 'wait_until') return afterDelay;
  return nextWallMoment(afterDelay, step.weekday, step.time, zoneOf(location));
}

export interface LegalSendTime {
  /** The due time when the window allows it, else the next legal minute. */
  at: Date;
  moved: boolean;
  /** Why the step moved: the gate's sentence naming the rule, the lead's local time and when calling opens. */
  reason: string | null;
}

/** When a text or call task due at `due` may go to a lead at this location: never earlier than due, never skipped. */
export function legalSendTime(location: CallingLocation, due: Date): LegalSendTime {
  const at = nextAllowedTime(location, due);
  if (at.getTime() === due.getTime()) return { at, moved: false, reason: null };
  return { at, moved: true, reason: callingWindow(location.state, location.zip, due).message ?? null };
}

/**
 * A step's due time and when it actually runs: windowed kinds through legalSendTime, the others when due. With the
 * organization's calling-hours check switched off by an admin (`enforceHours` false) the gate sends at any hour, so
 * nothing is moved either.
 */
export function scheduleStep(
  previousAt: Date,
  step: Pick<SequenceStep, 'kind' | 'delay_minutes' | 'weekday' | 'time'>,
  location: CallingLocation,
  enforceHours = true,
): { due: Date } & LegalSendTime {
  const due = stepDueAt(previousAt, step, location);
  if (!needsCallingWindow(step.kind) || !enforceHours) return { due, at: due, moved: false, reason: null };
  return { due, ...legalSendTime(location, due) };
}
