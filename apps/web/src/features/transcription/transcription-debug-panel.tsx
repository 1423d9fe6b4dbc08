/**
 * The Debug panel of dialer.md §2: connection type, message count, last activity, error and performance,
 * and a diagnostics card with transcription and AI coaching status, the Price, Timing and Trust test
 * scenarios and 'Clear Response Scripts'.
 */
import type { AiAreaStatus, TranscriptionConnectionState } from '@wholesail/domain';
import { BugIcon, StethoscopeIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { connectionTypeLabel, performanceLabel } from './transcript-format';

export const COACHING_TEST_SCENARIOS = [
  { kind: 'price', label: 'Price' },
  { kind: 'timing', label: 'Timing' },
  { kind: 'trust', label: 'Trust' },
] as const;
export type CoachingTestScenario = (typeof COACHING_TEST_SCENARIOS)[number]['kind'];

/** Transcription diagnostics start TRANSCRIPTION_DEBUG_DELAY_MS after the call became active. */
export type TranscriptionDiagnostic = 'inactive' | 'starting' | 'active' | 'error';

const STATUS_TEXT: Record<TranscriptionDiagnostic, string> = { inactive: 'Inactive', starting: 'Starting', active: 'Active', error: 'Error' };
const STATUS_VARIANT = { inactive: 'outline', starting: 'secondary', active: 'success', error: 'destructive' } as const;

export function transcriptionDiagnostic(mode: TranscriptionConnectionState['mode'], active: boolean, debugStarted: boolean): TranscriptionDiagnostic {
  if (!active || mode === 'inactive') return 'inactive';
  if (mode === 'error') return 'error';
  if (!debugStarted || mode === 'connecting') return 'starting';
  return 'active';
}

export type TranscriptionDebugPanelProps = {
  state: Pick<TranscriptionConnectionState, 'mode' | 'messageCount' | 'lastActivity' | 'error'>;
  now: number;
  transcriptionStatus: TranscriptionDiagnostic;
  coachingStatus: AiAreaStatus;
  onTestScenario?: (kind: CoachingTestScenario) => void;
  onClearResponseScripts?: () => void;
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right font-medium break-words">{children}</dd>
    </div>
  );
}

function DebugCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="shadow-none">
      <CardHeader className="p-4 pb-2">
        <CardTitle className="flex items-center gap-2 text-sm">
          {icon} {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 p-4 pt-0 text-xs">{children}</CardContent>
    </Card>
  );
}

export function TranscriptionDebugPanel({ state, now, transcriptionStatus, coachingStatus, onTestScenario, onClearResponseScripts }: TranscriptionDebugPanelProps) {
  const lastActivity = state.lastActivity === null ? 'Never' : `${Math.max(0, Math.floor((now - state.lastActivity) / 1000))}s ago`;
  return (
    <section aria-label="Transcription debug" className="grid gap-3 @lg:grid-cols-2">
      <DebugCard icon={<BugIcon className="size-4" aria-hidden />} title="Debug">
        <dl className="divide-y">
          <Row label="Connection">{connectionTypeLabel(state.mode)}</Row>
          <Row label="Messages">{state.messageCount}</Row>
          <Row label="Last activity">{lastActivity}</Row>
          <Row label="Error">{state.error ? <span className="text-destructive">{state.error}</span> : 'None'}</Row>
          <Row label="Performance">{performanceLabel(state.mode)}</Row>
        </dl>
      </DebugCard>
      <DebugCard icon={<StethoscopeIcon className="size-4" aria-hidden />} title="Diagnostics">
        <dl className="divide-y">
          <Row label="Transcription">
            <Badge variant={STATUS_VARIANT[transcriptionStatus]}>{STATUS_TEXT[transcriptionStatus]}</Badge>
          </Row>
          <Row label="AI Coaching">
            <Badge variant={STATUS_VARIANT[coachingStatus]}>{STATUS_TEXT[coachingStatus]}</Badge>
          </Row>
        </dl>
        <div role="group" aria-label="Test scenarios" className="flex flex-wrap items-center gap-2">
          <span className="text-muted-foreground">Test:</span>
          {COACHING_TEST_SCENARIOS.map(({ kind, label }) => (
            <Button key={kind} type="button" size="sm" variant="outline" disabled={!onTestScenario} onClick={() => onTestScenario?.(kind)}>
              {label}
            </Button>
          ))}
        </div>
        <Button type="button" size="sm" variant="secondary" disabled={!onClearResponseScripts} onClick={onClearResponseScripts}>
          Clear Response Scripts
        </Button>
      </DebugCard>
    </section>
  );
}
