import { z } from 'zod';
import { callRecordSchema } from '../calls/call-api';
import { transcriptionRecordSchema } from '../transcription/rules';
import { SENTIMENTS } from './actions';

/** "Analyze" on a finished call's transcript (docs/api-ai-jobs.md): shapes shared by server and web. */

export const CALL_ANALYSIS_MESSAGES = {
  noTranscript: 'This call has no transcript to analyze',
  notFound: 'Call not found',
} as const;

/** POST /api/calls/:id/analyze; the `analysis` of GET /api/calls/:id/transcript. */
export const callAnalysisSchema = z.object({
  call_id: z.string(),
  lead_id: z.string().nullable(),
  sentiment: z.enum(SENTIMENTS),
  motivation_signals: z.array(z.string()),
  objections: z.array(z.string()),
  next_step: z.string(),
  source: z.enum(['rules', 'llm']),
  model: z.string().nullable(),
  analyzed_at: z.string(),
});
export type CallAnalysisView = z.infer<typeof callAnalysisSchema>;

/** GET /api/calls/:id/transcript: the call, its final transcript lines in order, and its stored analysis if any. */
export const callTranscriptSchema = z.object({
  call: callRecordSchema,
  lines: z.array(transcriptionRecordSchema),
  analysis: callAnalysisSchema.nullable(),
});
export type CallTranscript = z.infer<typeof callTranscriptSchema>;
