import { formatUsd, screenLinks, type CompsResponse } from '@wholesail/domain';
import { Link, useSearchParams } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMapsKey } from '@/features/leads/leads-api';
import { useComps } from './comps-api';
import { ArvCard } from './comps-arv';
import { CompsFilters } from './comps-filters';
import { formatFeatures } from './comps-format';
import { CompsMap } from './comps-map';
import { CompsPlot } from './comps-plot';
import { searchFromParams, toggleExclude, togglePin, writeSearch, type CompsSearchState } from './comps-search';
import { CompsError, NoComps } from './comps-states';
import { CompsTable } from './comps-table';

function SubjectCard({ subject }: { subject: CompsResponse['subject'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Subject</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 text-sm">
        <Link to={screenLinks.lead(subject.id)} className="font-medium break-words text-primary hover:underline">
          {subject.address ?? 'Address not recorded'}
        </Link>
        <span className="text-muted-foreground">{[formatFeatures(subject), subject.property_type].filter(Boolean).join(' · ')}</span>
        {subject.estimated_value !== null && <span className="text-muted-foreground">Estimated value {formatUsd(subject.estimated_value)}</span>}
      </CardContent>
    </Card>
  );
}

/**
 * A lead's comparable sales: filters, subject, ARV, plot (and map with a maps key) and the table. The search,
 * pins and exclusions live in the URL, so a reload or a shared link shows the same ARV. A deal page embeds it as
 * its Comps tab with its deal's id, so "Use as ARV" writes to that deal.
 */
export function CompsPanel({ leadId, dealId }: { leadId: string; dealId?: string }) {
  const [params, setParams] = useSearchParams();
  const search = searchFromParams(params);
  const comps = useComps(leadId, search);
  // A map only when the server has a maps key; the plot always.
  const mapsKey = useMapsKey(true).data;
  const change = (next: CompsSearchState) => setParams((current) => writeSearch(current, next), { replace: true });

  if (comps.isError && !comps.data) return <CompsError error={comps.error} leadId={leadId} />;
  const data = comps.data;
  return (
    <div className="grid gap-4" aria-busy={comps.isFetching}>
      <CompsFilters search={search} onChange={change} />
      {!data ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
          <Skeleton className="h-64 lg:col-span-2" />
        </div>
      ) : (
        <>
          {comps.isError && <CompsError error={comps.error} leadId={leadId} />}
          <div className="grid gap-4 lg:grid-cols-2">
            <SubjectCard subject={data.subject} />
            <ArvCard data={data} leadId={leadId} dealId={dealId} />
          </div>
          <Card>
            <CardHeader>
              <CardTitle>
                {data.comps.length} comparable {data.comps.length === 1 ? 'sale' : 'sales'}
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              {data.comps.length === 0 ? (
                <NoComps />
              ) : (
                <>
                  <div className={mapsKey ? 'grid gap-4 xl:grid-cols-2' : 'grid'}>
                    <CompsPlot data={data} />
                    {mapsKey && <CompsMap data={data} mapsKey={mapsKey} />}
                  </div>
                  <CompsTable comps={data.comps} onPin={(id) => change(togglePin(search, id))} onExclude={(id) => change(toggleExclude(search, id))} />
                </>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
