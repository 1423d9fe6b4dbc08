/** What the law does to a step, in the editor's words: texts and call tasks wait for the lead's calling window. */
import { FEDERAL_RULE, formatClock, needsCallingWindow, type StepKind } from '@wholesail/domain';

const weekday = FEDERAL_RULE.hours[1]!;
const FEDERAL_HOURS = `${formatClock(weekday.opens)}–${formatClock(weekday.closes)}`;

const WINDOW = `only inside the lead’s calling window, on the lead’s own clock (${FEDERAL_HOURS} by federal law; some states allow fewer hours, or none on Sundays and holidays)`;

/** The note under a step that reaches the lead by phone; null for the others (emails, status and tag steps run when due). */
export function stepLawNote(kind: StepKind): string | null {
  if (!needsCallingWindow(kind)) return null;
  if (kind === 'text') {
    return `Texts go out ${WINDOW}. A text due outside it waits for the next legal minute: never sent early, never skipped. A number on the Do-Not-Contact list or opted out is skipped, with the reason on the lead.`;
  }
  return `Call tasks are created ${WINDOW}, and respect the per-number call limit; a task due outside it waits for the next legal minute. A lead on the Do-Not-Contact list gets no task.`;
}
