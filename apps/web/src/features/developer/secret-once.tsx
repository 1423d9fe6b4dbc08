import { TriangleAlertIcon } from 'lucide-react';
import { CopyButton } from '@/components/copy-button';
import { Alert } from '@/components/ui/alert';

/** A secret shown in full (a new API key, a webhook signing secret), with a copy button and what leaking it means. */
export function SecretOnce({ secret, label, warning }: { secret: string; label: string; warning: string }) {
  return (
    <div className="grid gap-3">
      <div className="flex min-w-0 items-center gap-2 rounded-md border bg-muted/50 p-3">
        <code className="min-w-0 flex-1 font-mono text-sm break-all" aria-label={label}>
          {secret}
        </code>
        <CopyButton text={secret} aria-label={`Copy: ${label}`} />
      </div>
      <Alert variant="warning">
        <TriangleAlertIcon aria-hidden />
        <span>{warning}</span>
      </Alert>
    </div>
  );
}
