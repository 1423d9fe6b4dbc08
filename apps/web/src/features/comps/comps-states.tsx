import { screenLinks } from '@wholesail/domain';
import { AlertCircleIcon, MapPinOffIcon, SearchXIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyCard } from '@/components/ui/empty-card';
import { ApiError } from '@/lib/api';

/** The API's code for a lead that lacks coordinates or square footage (packages/domain COMPS_MISSING_DATA). */
const MISSING_DATA = 'COMPS_MISSING_DATA';

/** Why there are no comps to show: the lead lacks data (with a link to it), it does not exist, or the request failed. */
export function CompsError({ error, leadId }: { error: Error; leadId: string }) {
  if (error instanceof ApiError && error.code === MISSING_DATA) {
    return (
      <EmptyCard icon={MapPinOffIcon} title="This lead cannot be compared yet" text={error.message}>
        <Button asChild variant="outline">
          <Link to={screenLinks.lead(leadId)}>Open the lead</Link>
        </Button>
      </EmptyCard>
    );
  }
  if (error instanceof ApiError && (error.status === 404 || (error.status === 400 && /^id: /.test(error.message)))) {
    return <EmptyCard icon={SearchXIcon} title="Lead not found" text="It may have been deleted, or it belongs to another organization." />;
  }
  return (
    <Alert variant="destructive">
      <AlertCircleIcon aria-hidden />
      <span>{error.message}</span>
    </Alert>
  );
}

/** A search that finds no sale: say how to widen it. */
export function NoComps() {
  return (
    <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
      No comparable sales match this search. Widen the radius, the months or the size range.
    </p>
  );
}
