import type { AiJobKind } from '@wholesail/domain';
import { jobError, type JobState } from './pgboss';

/** What an AI job's handler returned (modules/ai-jobs: EnrichOutcome, the scoring and analysis outcomes, an import page's counts). */
interface Output {
  result?: string;
  filled?: unknown[];
  looked_up?: number;
  enriched?: number;
  scored?: number;
  ai_score?: number;
  sentiment?: string;
  message?: string;
  error?: string;
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

const SWITCHED_OFF: { readonly [K in AiJobKind]: string } = {
  enrich: 'Automatic enrichment is switched off in the AI settings; nothing was looked up.',
  score: 'Smart scoring is switched off in the AI settings; the lead was not scored.',
  analyze: 'Conversation analysis is switched off in the AI settings; the message was not analyzed.',
};

function doneSentence(kind: AiJobKind, o: Output): string {
  switch (o.result) {
    case 'enriched':
      return o.looked_up !== undefined
        ? `Looked up ${plural(o.looked_up, 'lead')} of an import: ${o.enriched ?? 0} enriched.`
        : `Enriched from the property record: ${plural(o.filled?.length ?? 0, 'field')} filled.`;
    case 'scored':
      return o.scored !== undefined ? `Scored ${plural(o.scored, 'lead')} of an import.` : `Scored ${o.ai_score ?? '—'} out of 100.`;
    case 'analyzed':
      return o.sentiment ? `Analyzed: the seller sounds ${o.sentiment}.` : 'The message was analyzed.';
    case 'already_enriched':
      return 'The lead was already enriched; nothing to do.';
    case 'already_scored':
      return 'The lead was scored again since this was asked; nothing to do.';
    case 'no_address':
      return 'The lead has no address to look up.';
    case 'no_match':
      return 'The property service found no record for the address.';
    case 'not_found':
      return kind === 'analyze' ? 'The message no longer exists.' : 'The lead no longer exists.';
    case 'disabled':
      return SWITCHED_OFF[kind];
    case 'not_configured':
      return o.message ?? 'The property service is not configured.';
    case 'error':
      return `The property service failed: ${o.error ?? 'no reason given'}.`;
    default:
      return 'Done.';
  }
}

/** The feed's sentence for an AI job in its state; `attempts` counts the runs made so far. */
export function aiJobSentence(kind: AiJobKind, state: JobState, output: unknown, attempts: number, forImport: boolean): string {
  const error = jobError(output) ?? 'no error was recorded';
  switch (state) {
    case 'created':
      return forImport ? 'Waiting to run for the leads of an import.' : 'Waiting to run.';
    case 'retry':
      return `Attempt ${attempts} failed (${error}); it runs again.`;
    case 'active':
      return 'Running now.';
    case 'completed':
      return doneSentence(kind, typeof output === 'object' && output !== null ? (output as Output) : {});
    case 'failed':
      return `Failed after ${plural(attempts, 'attempt')}: ${error}`;
    case 'cancelled':
      return jobError(output) ? `Cancelled: ${error}` : 'Cancelled before it ran.';
  }
}
