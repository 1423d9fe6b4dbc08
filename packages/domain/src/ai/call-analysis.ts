import { z } from 'zod';
import { callRecordSchema } from '../calls/call-api';
import { transcriptionRecordSchema } from '../transcription/rules';
import { analysisFindingsSchema } from './actions';

/** "Analyze" on a finished call's transcript (docs/api-ai-jobs.md): shapes shared by server and web. */

export const CALL_ANALYSIS_MESSAGES = {
  noTranscript: 'This call has no transcript to analyze',
  notFound: 'Call not found',
} as const;

/** POST /api/calls/:id/analyze; the `analysis` of GET /api/calls/:id/transcript. */
export const callAnalysisSchema = analysisFindingsSchema.extend({ call_id: z.string() });
export type CallAnalysisView = z.infer<typeof callAnalysisSchema>;

/** GET /api/calls/:id/transcript: the call, its final transcript lines in order, and its stored analysis if any. */
export const callTranscriptSchema = z.object({
  call: callRecordSchema,
  lines: z.array(transcriptionRecordSchema),
  analysis: callAnalysisSchema.nullable(),
});
export type CallTranscript = z.infer<typeof callTranscriptSchema>;
