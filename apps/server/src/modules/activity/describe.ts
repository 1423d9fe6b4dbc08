import { CALL_OUTCOME_LABELS, isCallOutcome, leadStatusLabel, type ActivityKind } from '@wholesail/domain';
import { DNC_MARKED_ACTION } from '../dnc/service';
import { OPT_OUT_ACTIONS } from '../conversations/opt-out';
import { SMS_REFUSED_ACTION } from '../conversations/service';
import { LEAD_ACTIVITY } from './actions';
import { describeReferral } from '../referrals/actions';
import { describeSequence } from '../automation/actions';
import { describeRule } from '../automation/rules/timeline';

export interface Described {
  kind: ActivityKind;
  summary: string;
  call_id: string | null;
  conversation_id: string | null;
}

type Details = Record<string, unknown>;

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const fieldLabel = (field: string) => field.replaceAll('_', ' ');
const list = (items: string[], max = 4) => (items.length > max ? `${items.slice(0, max).join(', ')} and ${items.length - max} more` : items.join(', '));
const quote = (text: string | null) => (text ? `: “${text}”` : '');
const mmss = (sec: number) => `${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, '0')}`;
const VIA: Record<string, string> = {
  lead_edit: 'on the lead', deal: 'as its deal moved', call_outcome: 'after a call', live_call: 'asked on a call', sms_opt_out: 'by a text opt-out', dnc_list: 'from the Do Not Call list', sms_opt_in: 'by a text opt-in',
};

/** "Marked Do Not Call after a call": the sentence with how it happened, when the details say. */
const via = (text: string, details: Details) => [text, VIA[str(details.via) ?? '']].filter(Boolean).join(' ');

function edited(details: Details): Pick<Described, 'kind' | 'summary'> {
  const fields = strings(details.fields);
  const status = details.status as { from?: unknown; to?: unknown } | undefined;
  const others = fields.filter((f) => f !== 'status');
  const rest = others.length ? `edited ${list(others.map(fieldLabel))}` : '';
  if (status && typeof status.to === 'string') {
    const change = typeof status.from === 'string' ? `Changed status from ${leadStatusLabel(status.from)} to ${leadStatusLabel(status.to)}` : `Set status to ${leadStatusLabel(status.to)}`;
    return { kind: 'status', summary: rest ? `${change} and ${rest}` : change };
  }
  return { kind: 'edit', summary: rest ? rest[0]!.toUpperCase() + rest.slice(1) : 'Edited the lead' };
}

function bulk(details: Details): string {
  const parts = [
    str(details.status) && `set status to ${leadStatusLabel(details.status as string)}`,
    strings(details.add_tags).length > 0 && `added tags ${list(strings(details.add_tags))}`,
    strings(details.remove_tags).length > 0 && `removed tags ${list(strings(details.remove_tags))}`,
  ].filter((p): p is string => typeof p === 'string');
  const text = parts.join(', ') || 'updated the lead';
  return `${text[0]!.toUpperCase()}${text.slice(1)} (bulk update)`;
}

function call(details: Details): string {
  const outcome = isCallOutcome(details.outcome) ? CALL_OUTCOME_LABELS[details.outcome] : 'Completed';
  const duration = typeof details.duration_sec === 'number' ? ` (${mmss(details.duration_sec)})` : '';
  const status = str(details.status) ? `; status set to ${leadStatusLabel(details.status as string)}` : '';
  const followUp = str(details.follow_up_at) ? '; follow-up scheduled' : '';
  return `Call: ${outcome}${duration}${status}${followUp}`;
}

/** The sentence, kind and links of an activity entry; an unknown action still reads as something. */
export function describe(action: string, details: Details): Described {
  const links = { call_id: str(details.call_id), conversation_id: str(details.conversation_id) };
  const entry = (kind: ActivityKind, summary: string): Described => ({ kind, summary, ...links });
  const referral = describeReferral(action, details);
  if (referral) return entry('other', referral);
  const sequence = describeSequence(action, details);
  if (sequence) return entry('other', sequence);
  const rule = describeRule(action, details);
  if (rule) return entry('other', rule);
  switch (action) {
    case 'lead.created':
      return entry('created', details.source === 'inbound_sms' ? `Lead created when ${str(details.phone) ?? 'a new number'} texted in` : 'Created the lead');
    case 'lead.updated': {
      const { kind, summary } = edited(details);
      return entry(kind, summary);
    }
    case 'lead.bulk_updated':
      return entry(str(details.status) ? 'status' : 'edit', bulk(details));
    case 'lead.deleted':
      return entry('deleted', 'Deleted the lead');
    case 'lead.restored':
      return entry('restored', 'Restored the lead');
    case DNC_MARKED_ACTION:
      return entry('dnc', via('Marked Do Not Call', details));
    case OPT_OUT_ACTIONS.optOut:
      return entry('dnc', `Opted out by text${details.keyword ? ` (${String(details.keyword)})` : ''}: marked Do Not Call`);
    case OPT_OUT_ACTIONS.optIn:
      return entry('dnc', `Opted back in by text${details.keyword ? ` (${String(details.keyword)})` : ''}${str(details.note) ? `: ${details.note as string}` : ''}`);
    case LEAD_ACTIVITY.dncCleared:
      return entry('dnc', `${via('Do Not Call cleared', details)}: ${list(strings(details.numbers)) || 'no number listed'} taken off the list`);
    case SMS_REFUSED_ACTION:
      return entry('text', `Text not sent: ${str(details.reason) ?? 'refused'}`);
    case LEAD_ACTIVITY.textSent:
      return entry('text', details.status === 'failed' ? `Text failed: ${str(details.error) ?? 'the provider did not accept it'}` : `Sent a text${quote(str(details.preview))}`);
    case LEAD_ACTIVITY.textReceived:
      return entry('text', `Text received${quote(str(details.preview))}`);
    case LEAD_ACTIVITY.callCompleted:
      return entry('call', call(details));
    case LEAD_ACTIVITY.imported:
      return entry('import', `${details.created ? 'Created' : 'Updated'} by the import of ${str(details.filename) ?? 'a CSV file'}`);
    case LEAD_ACTIVITY.aiScored:
      return entry('ai', `AI score ${String(details.score)}${details.source === 'rules+llm' ? ' (record and AI model)' : ' (record-based)'}${strings(details.reasons).length ? `: ${list(strings(details.reasons), 2)}` : ''}`);
    case LEAD_ACTIVITY.enriched: {
      const filled = strings(details.fields);
      return entry('ai', filled.length ? `Enriched with property data: ${list(filled.map(fieldLabel))}` : 'Enriched with property data: nothing new found');
    }
    default:
      return entry('other', action.replaceAll(/[._]/g, ' '));
  }
}
