/** The sequence editor's state: what the member types, and the body it becomes (checked by the domain's schema). */
import { createSequenceBody, KIND_FIELDS, SEQUENCE_DEFAULTS, type OptionalStepField, type Sequence, type SequenceStep, type StepKind } from '@wholesail/domain';
import type { SequenceBody } from './sequences-api';

export const DELAY_UNITS = { minutes: 1, hours: 60, days: 1440 } as const;
export type DelayUnit = keyof typeof DELAY_UNITS;

type StepText = OptionalStepField;

/** The inputs each kind of step shows: the fields the API takes for it (it refuses any other). */
export const STEP_INPUTS = KIND_FIELDS;

export type StepDraft = { key: string; kind: StepKind; delayAmount: string; delayUnit: DelayUnit } & Record<StepText, string>;

export type SequenceDraft = {
  name: string;
  stop_on_reply: boolean;
  cooldown_days: string;
  /** Empty: no cap of its own (the organization's applies). */
  daily_cap: string;
  exit_statuses: string[];
  steps: StepDraft[];
};

let nextKey = 0;
const newKey = () => `step-${(nextKey += 1)}`;

/** A delay in the largest unit that holds it whole: 4320 minutes reads "3 days". */
function splitDelay(minutes: number): { amount: string; unit: DelayUnit } {
  if (minutes > 0 && minutes % DELAY_UNITS.days === 0) return { amount: String(minutes / DELAY_UNITS.days), unit: 'days' };
  if (minutes > 0 && minutes % DELAY_UNITS.hours === 0) return { amount: String(minutes / DELAY_UNITS.hours), unit: 'hours' };
  return { amount: String(minutes), unit: 'minutes' };
}

export function emptyStep(kind: StepKind = 'text', delayMinutes: number = DELAY_UNITS.days): StepDraft {
  const { amount, unit } = splitDelay(delayMinutes);
  return { key: newKey(), kind, delayAmount: amount, delayUnit: unit, body: '', subject: '', status: '', tag: '', assignee_id: '', weekday: '', time: '' };
}

function stepDraft(step: SequenceStep): StepDraft {
  const { amount, unit } = splitDelay(step.delay_minutes);
  return {
    ...emptyStep(step.kind),
    delayAmount: amount,
    delayUnit: unit,
    body: step.body ?? '',
    subject: step.subject ?? '',
    status: step.status ?? '',
    tag: step.tag ?? '',
    assignee_id: step.assignee_id ?? '',
    weekday: step.weekday === undefined ? '' : String(step.weekday),
    time: step.time ?? '',
  };
}

/** A new sequence starts with one text sent at once; a saved one as it is. */
export function draftOf(sequence?: Sequence): SequenceDraft {
  if (!sequence) {
    return {
      name: '',
      stop_on_reply: SEQUENCE_DEFAULTS.stop_on_reply,
      cooldown_days: String(SEQUENCE_DEFAULTS.cooldown_days),
      daily_cap: '',
      exit_statuses: [],
      steps: [emptyStep('text', 0)],
    };
  }
  return {
    name: sequence.name,
    stop_on_reply: sequence.stop_on_reply,
    cooldown_days: String(sequence.cooldown_days),
    daily_cap: sequence.daily_cap === null ? '' : String(sequence.daily_cap),
    exit_statuses: [...sequence.exit_statuses],
    steps: sequence.steps.map(stepDraft),
  };
}

/** A typed number; blank is NaN, so the schema names the field instead of reading it as 0. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function stepBody(step: StepDraft): SequenceStep {
  const body: SequenceStep = { kind: step.kind, delay_minutes: numberOf(step.delayAmount) * DELAY_UNITS[step.delayUnit] };
  for (const input of STEP_INPUTS[step.kind]) {
    const value = step[input];
    if (input === 'weekday') {
      if (value !== '') body.weekday = Number(value);
    } else if (value.trim() !== '') {
      body[input] = value;
    }
  }
  return body;
}

function sequenceBody(draft: SequenceDraft): SequenceBody {
  return {
    name: draft.name,
    stop_on_reply: draft.stop_on_reply,
    cooldown_days: numberOf(draft.cooldown_days),
    daily_cap: draft.daily_cap.trim() === '' ? null : numberOf(draft.daily_cap),
    exit_statuses: draft.exit_statuses as SequenceBody['exit_statuses'],
    steps: draft.steps.map(stepBody),
  };
}

/** Problems by the field they name ('name', 'steps.2.body'); each message without its field's name. */
export type FieldProblems = Record<string, string>;

const NAMED = /^([\w.]+): (.+)$/s;

function addProblem(problems: FieldProblems, message: string, fallbackField: string): void {
  const match = NAMED.exec(message);
  const field = match ? match[1]! : fallbackField;
  problems[field] ??= match ? match[2]! : message;
}

/** The schema's own check before anything is sent: the same rules, and the same words, as the server's 400. */
export function checkDraft(draft: SequenceDraft): { body: SequenceBody; problems: FieldProblems | null } {
  const body = sequenceBody(draft);
  const result = createSequenceBody.safeParse(body);
  if (result.success) return { body, problems: null };
  const problems: FieldProblems = {};
  for (const issue of result.error.issues) addProblem(problems, issue.message, issue.path.join('.') || 'form');
  return { body, problems };
}

/** A server 400 ("steps.2.body: …; name: …") split by field; a message that names none is the form's. */
export function problemsOf(message: string): FieldProblems {
  const problems: FieldProblems = {};
  // A part begins with a field's name; a message may hold "; " itself ("…not a merge field; use {first_name}…").
  for (const part of message.split(/; (?=[\w.]+: )/)) addProblem(problems, part, 'form');
  return problems;
}
