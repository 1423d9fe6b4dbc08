/**
 * The rule editor's messages by field. The shared schema (checked before sending) and the server's 400 both name the
 * field as a path ("actions.1.title: a task needs a title"); each message goes on the field at that path, as a sentence.
 */
import { createRuleBody } from '@wholesail/domain';
import { ApiError } from '@/lib/api';
import { sentence } from '@/lib/sentence';
import { bodyOf, CONDITION_FIELDS, type RuleDraft } from './rule-draft';
import type { RuleBody } from './rules-api';

/** Path → sentence, e.g. 'actions.0.sequence_id' → 'Choose a sequence.' */
export type FieldErrors = Record<string, string>;

/** A picker's field whose schema message speaks to developers ("expected a member id"): what the member should do. */
const CHOOSE: Record<string, string> = {
  sequence_id: 'Choose a sequence.',
  user_id: 'Choose a member.',
  assignee_id: 'Choose a member.',
  user_ids: 'Choose members of your team.',
  status: 'Choose a status.',
  outcome: 'Choose an outcome.',
  stage: 'Choose a stage.',
  type: 'Choose what the rule does.',
};

/** A message of the shared schema or the server as a sentence for the field at `path`. */
export function humanMessage(path: string, message: string): string {
  const field = path.split('.').pop() ?? '';
  let text = message;
  // Both the path and the schema may name the field ("actions.0.title: title: …"): say it once, on the field.
  while (/^[\w.]+: /.test(text)) text = text.replace(/^[\w.]+: /, '');
  if (/^expected (a|one of) /.test(text) && CHOOSE[field]) return CHOOSE[field]!;
  // "expected a score from 0 to 10" names what to type: ask for it.
  text = text.replace(/^expected /, 'enter ');
  if (text.startsWith(`${field} `)) text = `this ${text.slice(field.length + 1)}`;
  text = text.replace(/^Too small: expected number to be >=(\S+)$/, 'must be $1 or more').replace(/^Too big: expected number to be <=(\S+)$/, 'must be at most $1');
  return sentence(text);
}

/** Where the editor shows a path: an element of a member list on the list; a trigger of an unknown type on the type. */
function fieldOf(path: string): string {
  if (path === 'trigger') return 'trigger.type';
  return path.replace(/^(actions\.\d+\.user_ids)\.\d+$/, '$1');
}

function add(errors: FieldErrors, path: string, message: string) {
  const field = fieldOf(path);
  errors[field] ??= humanMessage(field, message);
}

/** The draft's body when the shared schema accepts it, else each refusal by its field. */
export function checkDraft(draft: RuleDraft): { body: RuleBody; errors: null } | { body: null; errors: FieldErrors } {
  const body = bodyOf(draft);
  const result = createRuleBody.safeParse(body);
  if (result.success) return { body, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) add(errors, issue.path.join('.'), issue.message);
  return { body: null, errors };
}

/** The server's refusal by field: a 400's parts that name a path, each on it; anything else as one sentence. */
export function serverErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!(error instanceof Error)) return errors;
  if (error instanceof ApiError && error.status === 400) {
    for (const part of error.message.split('; ')) {
      const match = /^([\w.]+): (.+)$/s.exec(part);
      if (match && match[1] !== 'body') add(errors, match[1]!, match[2]!);
      else errors[''] ??= sentence(part);
    }
    return errors;
  }
  return { '': sentence(error.message) };
}

/** Every path the editor shows a message on, for this draft: a message at any other path is shown above the buttons. */
export function shownPaths(draft: RuleDraft): Set<string> {
  const trigger = { status_changed: 'status', tag_added: 'tag', call_completed: 'outcome', calls_unanswered: 'count', deal_stage_changed: 'stage' } as const;
  const option = trigger[draft.trigger.type as keyof typeof trigger];
  const paths = new Set(['name', 'trigger.type', 'actions', ...CONDITION_FIELDS.map((f) => `conditions.${f}`)]);
  if (option) paths.add(`trigger.${option}`);
  const fields = {
    enrol: ['sequence_id'], set_status: ['status'], add_tag: ['tag'], remove_tag: ['tag'], assign: ['user_id'], assign_round_robin: ['user_ids'],
    create_task: ['title', 'due_in_minutes', 'assignee_id'], notify: ['message', 'user_ids'],
  } as const;
  draft.actions.forEach((a, i) => {
    paths.add(`actions.${i}`);
    paths.add(`actions.${i}.type`);
    for (const f of fields[a.type]) paths.add(`actions.${i}.${f}`);
  });
  return paths;
}
