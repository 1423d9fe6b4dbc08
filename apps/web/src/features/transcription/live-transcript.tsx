/**
 * The live transcript of a call: both speakers' words as they are ingested, the agent on the right and the
 * lead on the left, interim pieces merged into the lines they became (dialer.md §2 and §5).
 */
import { mergeTranscript, type TranscriptLine } from '@wholesail/domain';
import { useEffect, useMemo, useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { useCallTranscriptions } from './transcription-api';

/** dialer.md §9: 0.9 or above success, 0.7 or above warning. */
function confidenceClass(confidence: number): string {
  if (confidence >= 0.9) return 'text-emerald-700 dark:text-emerald-400';
  if (confidence >= 0.7) return 'text-amber-700 dark:text-amber-400';
  return 'text-destructive';
}

function Bubble({ line }: { line: TranscriptLine }) {
  const agent = line.speaker === 'agent';
  return (
    <li className={cn('flex', agent ? 'justify-end' : 'justify-start')} data-speaker={line.speaker}>
      <div className={cn('max-w-[85%] rounded-lg px-3 py-2 text-sm', agent ? 'bg-primary text-primary-foreground' : 'bg-muted', !line.isFinal && 'opacity-70')}>
        <div className="mb-0.5 flex items-center gap-2 text-xs">
          <span className="font-medium">{agent ? 'Agent' : 'Lead'}</span>
          <span className={cn('tabular-nums', agent ? 'text-primary-foreground/80' : confidenceClass(line.confidence))}>{Math.round(line.confidence * 100)}%</span>
          <Badge variant="outline" className={cn('px-1 py-0 text-[10px]', agent && 'border-primary-foreground/40 text-primary-foreground')}>
            {line.isFinal ? 'Final' : 'Partial'}
          </Badge>
        </div>
        <p>{line.text}</p>
      </div>
    </li>
  );
}

export function LiveTranscript({ callSid, live }: { callSid: string; live: boolean }) {
  const transcript = useCallTranscriptions(callSid, live);
  const lines = useMemo(() => mergeTranscript(transcript.data ?? []), [transcript.data]);
  const end = useRef<HTMLLIElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [lines.length]);

  if (transcript.isError) return <p className="text-sm text-destructive">Could not load the transcript: {transcript.error.message}</p>;
  if (lines.length === 0) return <p className="text-sm text-muted-foreground">{live ? 'Listening for conversation...' : 'No conversation was transcribed.'}</p>;
  return (
    <ol className="grid max-h-[420px] gap-2 overflow-y-auto pr-1" aria-label="Live transcript" aria-live="polite">
      {lines.map((line) => (
        <Bubble key={line.messageId} line={line} />
      ))}
      <li ref={end} aria-hidden />
    </ol>
  );
}
