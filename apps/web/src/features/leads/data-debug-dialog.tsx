import { COMPLETENESS_KEY_FIELDS, fieldCoverage, LEAD_FIELD_NAMES, leadCompleteness, type Lead } from '@wholesail/domain';
import { DownloadIcon } from 'lucide-react';
import { CopyButton } from '@/components/copy-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { dateTimeText, FIELD_GROUP_LABELS, text } from './lead-format';


function downloadJson(lead: Lead) {
  const blob = new Blob([JSON.stringify(lead, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = `lead-${lead.id}.json`;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(url);
}

function Bar({ percent }: { percent: number }) {
  return (
    <div className="h-1.5 w-full overflow-hidden rounded-full bg-muted" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
      <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** What the record holds: its completeness (the header badge's figure), field coverage by group, and the raw JSON. */
export function DataDebugDialog({ lead, open, onOpenChange }: { lead: Lead; open: boolean; onOpenChange: (open: boolean) => void }) {
  const completeness = leadCompleteness(lead);
  const coverage = fieldCoverage(lead);
  const json = JSON.stringify(lead, null, 2);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[85vh] max-w-3xl flex-col">
        <DialogHeader>
          <DialogTitle>Data debug</DialogTitle>
          <DialogDescription>What this lead record holds and where it came from.</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="coverage" className="flex min-h-0 flex-1 flex-col gap-3">
          <TabsList className="self-start">
            <TabsTrigger value="coverage">Field Coverage</TabsTrigger>
            <TabsTrigger value="raw">Raw Data</TabsTrigger>
          </TabsList>
          <TabsContent value="coverage" className="min-h-0 flex-1 overflow-y-auto">
            <div className="grid gap-4">
              <div className="grid gap-1.5" aria-label="Completeness" role="group">
                <p className="text-sm">
                  <span className="text-2xl font-semibold tabular-nums">{completeness.percent}%</span>{' '}
                  <span className="text-muted-foreground">
                    complete: {completeness.populated.length} of {COMPLETENESS_KEY_FIELDS.length} key fields, as the badge in the lead’s header says
                  </span>
                </p>
                <Bar percent={completeness.percent} />
                {completeness.missing.length > 0 && (
                  <div className="flex flex-wrap items-center gap-1 text-xs">
                    <span className="text-muted-foreground">Key fields missing:</span>
                    {completeness.missing.map((f) => (
                      <Badge key={f} variant="outline">
                        {f}
                      </Badge>
                    ))}
                  </div>
                )}
              </div>
              <div className="grid gap-1.5">
                <p className="text-sm">
                  <span className="text-lg font-semibold tabular-nums">{coverage.percent}%</span>{' '}
                  <span className="text-muted-foreground">
                    of every field the record can hold ({coverage.populated.length} of {LEAD_FIELD_NAMES.length} fields), by group:
                  </span>
                </p>
                <Bar percent={coverage.percent} />
              </div>
              {coverage.groups.map((group) => (
                <details key={group.group} className="rounded-lg border p-3" aria-label={`${FIELD_GROUP_LABELS[group.group]} coverage`}>
                  <summary className="flex cursor-pointer items-center gap-3 text-sm">
                    <span className="w-40 font-medium">{FIELD_GROUP_LABELS[group.group]}</span>
                    <Bar percent={group.percent} />
                    <span className="w-12 text-right tabular-nums">{group.percent}%</span>
                  </summary>
                  <div className="mt-3 grid gap-2 text-xs">
                    <p className="text-muted-foreground">Populated ({group.populated.length})</p>
                    <div className="flex flex-wrap gap-1">
                      {group.populated.length === 0 ? <span className="text-muted-foreground">None</span> : group.populated.map((f) => <Badge key={f} variant="success">{f}</Badge>)}
                    </div>
                    <p className="text-muted-foreground">Missing ({group.missing.length})</p>
                    <div className="flex flex-wrap gap-1">
                      {group.missing.length === 0 ? <span className="text-muted-foreground">None</span> : group.missing.map((f) => <Badge key={f} variant="outline">{f}</Badge>)}
                    </div>
                  </div>
                </details>
              ))}
            </div>
          </TabsContent>
          <TabsContent value="raw" className="flex min-h-0 flex-1 flex-col gap-3">
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-xs text-muted-foreground">Data source</dt>
                <dd className="font-medium">{text(lead.data_source)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Last enriched</dt>
                <dd className="font-medium">{lead.enriched_at ? dateTimeText(lead.enriched_at) : 'Never'}</dd>
              </div>
            </dl>
            <div className="flex gap-2">
              <CopyButton text={json} label="Copy JSON" />
              <Button variant="outline" size="sm" onClick={() => downloadJson(lead)}>
                <DownloadIcon aria-hidden /> Download JSON
              </Button>
            </div>
            <pre className="min-h-0 flex-1 overflow-auto rounded-md bg-muted p-3 text-xs" data-testid="raw-json">
              {json}
            </pre>
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
