import { formatDateTime, type Integration } from '@wholesail/domain';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TestConnection } from './test-connection';

/** Failing now: its last error came after its last success (or there was no success). */
const failingNow = (i: Integration) => i.last_error_at !== null && (i.last_success_at === null || i.last_error_at > i.last_success_at);

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[8rem_1fr] sm:gap-3">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function State({ integration }: { integration: Integration }) {
  return integration.configured ? (
    <Badge variant="success" data-tone="success">Configured</Badge>
  ) : (
    <Badge variant="outline">Not configured</Badge>
  );
}

/** One outside service: what it is for, what runs, what configures it, how its last calls went, and its test. */
export function IntegrationCard({ integration, canTest }: { integration: Integration; canTest: boolean }) {
  const { id, name, purpose, configured, mode, detail, settings, test, last_success_at, last_error_at, last_error } = integration;
  const failing = failingNow(integration);
  return (
    <Card role="article" aria-labelledby={`integration-${id}`} className="flex min-w-0 flex-col">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={`integration-${id}`}>{name}</CardTitle>
          <State integration={integration} />
        </div>
        <CardDescription>{purpose}</CardDescription>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-4">
        <dl className="grid gap-2 text-sm">
          <Row term="Running">{configured ? mode : <>Not configured — using the local fallback: {mode}</>}</Row>
          <Row term="Detail">{detail}</Row>
          <Row term="Settings">
            <span className="flex flex-wrap gap-1">
              {settings.map((s) => (
                <code key={s} className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{s}</code>
              ))}
            </span>
          </Row>
          <Row term="Last success">{last_success_at ? formatDateTime(last_success_at) : 'None recorded'}</Row>
          <Row term="Last error">
            {last_error_at ? (
              <span data-tone={failing ? 'destructive' : undefined} className={failing ? 'text-destructive' : undefined}>
                {formatDateTime(last_error_at)}: {last_error}
              </span>
            ) : (
              'None recorded'
            )}
          </Row>
        </dl>
        <div className="mt-auto grid gap-2 border-t pt-4">
          <p className="text-xs text-muted-foreground">{test}</p>
          <TestConnection integration={integration} canTest={canTest} />
        </div>
      </CardContent>
    </Card>
  );
}
