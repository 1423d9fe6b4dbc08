/** One line of the live transcript: the agent on the right, the lead on the left (dialer.md §2). */
import type { TranscriptLine } from '@wholesail/domain';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { CONFIDENCE_CLASS, confidencePercent, confidenceTone, relativeTime, shortMessageId, type LineTag } from './transcript-format';

const TAG_CLASS: Record<LineTag, string> = {
  Live: 'border-transparent bg-success/10 text-success',
  Partial: 'border-dashed text-muted-foreground',
  Final: 'border-transparent bg-secondary text-secondary-foreground',
};

export function TranscriptBubble({ line, tag, now }: { line: TranscriptLine; tag: LineTag; now: number }) {
  const agent = line.speaker === 'agent';
  const valid = Number.isFinite(line.timestamp);
  return (
    <li className={cn('flex', agent ? 'justify-end' : 'justify-start')} data-speaker={line.speaker} data-message-id={line.messageId} data-timestamp={valid ? line.timestamp : undefined}>
      <div
        className={cn(
          'max-w-[85%] min-w-0 rounded-lg border px-3 py-2 text-sm text-foreground',
          agent ? 'rounded-br-sm border-primary/15 bg-primary/10' : 'rounded-bl-sm bg-muted',
          tag !== 'Final' && 'border-dashed',
        )}
      >
        <div className={cn('mb-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs', agent && 'justify-end')}>
          <span className="font-semibold">{agent ? 'Agent' : 'Lead'}</span>
          <span className={cn('font-medium tabular-nums', CONFIDENCE_CLASS[confidenceTone(line.confidence)])} data-tone={confidenceTone(line.confidence)} title="Confidence">
            {confidencePercent(line.confidence)}
          </span>
          <Badge variant="outline" className={cn('px-1.5 py-0 text-[10px]', TAG_CLASS[tag])}>
            {tag === 'Live' && <span className="size-1.5 animate-pulse rounded-full bg-success" aria-hidden />}
            {tag}
          </Badge>
        </div>
        <p className={cn('break-words whitespace-pre-wrap', tag !== 'Final' && 'text-foreground/80 italic')}>{line.text}</p>
        <div className={cn('mt-1 flex gap-2 text-[11px] text-muted-foreground', agent && 'justify-end')}>
          <time dateTime={valid ? new Date(line.timestamp).toISOString() : undefined} title={valid ? new Date(line.timestamp).toLocaleTimeString() : undefined}>
            {relativeTime(line.timestamp, now)}
          </time>
          <span className="font-mono" title={`Message ${line.messageId}`}>
            {shortMessageId(line.messageId)}
          </span>
        </div>
      </div>
    </li>
  );
}
