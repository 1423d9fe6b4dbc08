/**
 * The AI Live Coaching card of dialer.md §2: one suggestion at a time (newest first, with older ones a click
 * away), its type, priority, confidence and rationale, a Copy button and, for response scripts, 'Use Script'.
 */
import { suggestionColour, type SuggestionColour, type SuggestionPriority, type SuggestionType } from '@wholesail/domain';
import { AlertTriangle, ChevronLeft, ChevronRight, Loader2, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { CopyButton } from '@/components/copy-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { Tone } from '@/lib/tone';
import type { CoachingMessage } from './use-live-coaching';


export const SUGGESTION_TYPE_LABEL: Record<SuggestionType, string> = {
  response_script: 'Response Script',
  strategic_coaching: 'Strategic Coaching',
  lead_intelligence: 'Lead Intelligence',
  objection_alert: 'Objection Alert',
};

export const PRIORITY_LABEL: Record<SuggestionPriority, string> = { high: 'High Priority', medium: 'Medium', low: 'Low' };

const PRIORITY_VARIANT = { high: 'destructive', medium: 'secondary', low: 'outline' } as const;

/** dialer.md §9: 0.8 or above green, 0.6 or above amber, below that faded red. */
const CONFIDENCE_TONE: Record<SuggestionColour, Tone> = { green: 'success', amber: 'warning', red: 'destructive' };

const CONFIDENCE_CLASS: Record<SuggestionColour, string> = {
  green: 'text-success',
  amber: 'text-warning',
  red: 'text-destructive/60',
};

export const COACHING_EMPTY_TEXT = 'AI coaching will appear here as the conversation progresses';
export const COACHING_ANALYZING_TEXT = 'Analyzing conversation...';

type Props = {
  /** Newest first, as useLiveCoaching returns them. */
  messages: readonly CoachingMessage[];
  /** A coaching request is in flight. */
  analyzing?: boolean;
  /** 'Use Script' on a response script: the dialer puts the text where the agent needs it. */
  onUseScript?: (text: string) => void;
  className?: string;
};

export function AiCoachingCard({ messages, analyzing = false, onUseScript, className }: Props) {
  const [index, setIndex] = useState(0);
  const newestId = messages[0]?.id ?? null;
  const [shownNewest, setShownNewest] = useState(newestId);
  // A new suggestion takes the card over (React's "adjust state when a prop changes" pattern).
  if (shownNewest !== newestId) {
    setShownNewest(newestId);
    setIndex(0);
  }
  const at = Math.min(index, Math.max(messages.length - 1, 0));
  const message = messages[at];

  return (
    <Card className={cn('flex flex-col', className)} aria-label="AI Live Coaching">
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0 pb-3">
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="size-4 text-primary" aria-hidden />
          AI Live Coaching
        </CardTitle>
        <div className="flex items-center gap-1">
          {analyzing && message && <Loader2 className="size-4 animate-spin text-muted-foreground" aria-label={COACHING_ANALYZING_TEXT} />}
          {messages.length > 1 && (
            <>
              <Button variant="ghost" size="icon" className="size-7" aria-label="Newer suggestion" disabled={at === 0} onClick={() => setIndex(at - 1)}>
                <ChevronLeft />
              </Button>
              <span className="text-xs tabular-nums text-muted-foreground">
                {at + 1} / {messages.length}
              </span>
              <Button variant="ghost" size="icon" className="size-7" aria-label="Older suggestion" disabled={at >= messages.length - 1} onClick={() => setIndex(at + 1)}>
                <ChevronRight />
              </Button>
            </>
          )}
        </div>
      </CardHeader>
      <CardContent className="flex-1" aria-live="polite">
        {message ? (
          <SuggestionView key={message.id} message={message} onUseScript={onUseScript} />
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            {analyzing && <Loader2 className="size-4 animate-spin" aria-hidden />}
            {analyzing ? COACHING_ANALYZING_TEXT : COACHING_EMPTY_TEXT}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function SuggestionView({ message, onUseScript }: { message: CoachingMessage; onUseScript?: (text: string) => void }) {
  const alert = message.type === 'objection_alert';
  return (
    <div
      className={cn('grid gap-3 rounded-lg border p-3', alert ? 'border-destructive bg-destructive/10 ring-2 ring-destructive/30' : 'bg-muted/40')}
      role={alert ? 'alert' : undefined}
      data-tone={alert ? 'destructive' : undefined}
      data-type={message.type}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className={cn('flex items-center gap-1 text-xs font-semibold uppercase tracking-wide', alert ? 'text-destructive' : 'text-muted-foreground')}>
          {alert && <AlertTriangle className="size-4" aria-hidden />}
          {SUGGESTION_TYPE_LABEL[message.type]}
        </span>
        <Badge variant={PRIORITY_VARIANT[message.priority]}>{PRIORITY_LABEL[message.priority]}</Badge>
        <span className={cn('ml-auto text-xs font-medium tabular-nums', CONFIDENCE_CLASS[suggestionColour(message.confidence)])}
          data-tone={CONFIDENCE_TONE[suggestionColour(message.confidence)]}
          title="Confidence"
        >
          {Math.round(message.confidence * 100)}%
        </span>
      </div>
      <p className={cn('text-sm leading-relaxed', alert && 'font-semibold')}>{message.text}</p>
      {message.rationale && <p className="text-xs text-muted-foreground">{message.rationale}</p>}
      <div className="flex gap-2">
        <CopyButton text={message.text} />
        {message.type === 'response_script' && onUseScript && (
          <Button size="sm" onClick={() => onUseScript(message.text)}>
            Use Script
          </Button>
        )}
      </div>
    </div>
  );
}
