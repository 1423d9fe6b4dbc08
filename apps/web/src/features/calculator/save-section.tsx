import { type DealAnalysis, formatUsd } from '@wholesail/domain';
import { HistoryIcon, SaveIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { dateTimeText } from '@/features/leads/lead-format';
import { cn } from '@/lib/utils';

interface SaveSectionProps {
  /** Why saving is not possible now, or null. */
  blocked: string | null;
  saving: boolean;
  onSave: () => void;
  versions: DealAnalysis[] | undefined;
  loadedVersion: number | null;
  onLoad: (analysis: DealAnalysis) => void;
}

/** "Save to deal" and the deal's saved versions, newest first; a version reopens its inputs. */
export function SaveSection({ blocked, saving, onSave, versions, loadedVersion, onLoad }: SaveSectionProps) {
  const blockedId = useId();
  const versionsId = useId();
  return (
    <Card role="region" aria-label="Save to deal">
      <CardHeader>
        <CardTitle>Save to deal</CardTitle>
        <CardDescription>Each save keeps a new version of this analysis on the deal, with who saved it and when.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" onClick={onSave} disabled={blocked !== null || saving} aria-describedby={blocked ? blockedId : undefined}>
            <SaveIcon aria-hidden /> {saving ? 'Saving…' : 'Save to deal'}
          </Button>
          {blocked && (
            <p id={blockedId} className="text-sm text-muted-foreground">
              {blocked}
            </p>
          )}
        </div>
        {versions && versions.length > 0 && (
          <section aria-labelledby={versionsId} className="grid gap-2">
            <h4 id={versionsId} className="flex items-center gap-2 text-sm font-medium">
              <HistoryIcon className="size-4" aria-hidden /> Versions
            </h4>
            <ul className="grid gap-1">
              {versions.map((version) => (
                <li key={version.id}>
                  <button
                    type="button"
                    onClick={() => onLoad(version)}
                    aria-current={version.version === loadedVersion || undefined}
                    className={cn(
                      'grid w-full gap-0.5 rounded-md px-3 py-2 text-left text-sm transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring/40 sm:grid-cols-[6rem_minmax(0,1fr)_auto] sm:gap-3',
                      version.version === loadedVersion && 'bg-muted',
                    )}
                  >
                    <span className="font-medium">Version {version.version}</span>
                    <span className="text-muted-foreground">
                      {version.created_by_name ?? 'A team member'}, {dateTimeText(version.created_at)}
                    </span>
                    <span className="tabular-nums">
                      ARV {formatUsd(version.arv)} · max offer {formatUsd(version.max_offer)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
