import { ChevronRightIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

type Parent = { to: string; label: string };

/** "Leads › Ana Lopez": the list a record page belongs to, then the record. */
export function Breadcrumb({ parent, current }: { parent: Parent; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
      <Link to={parent.to} className="hover:text-foreground hover:underline">
        {parent.label}
      </Link>
      <ChevronRightIcon className="size-3.5 shrink-0" aria-hidden />
      <span aria-current="page" className="truncate text-foreground">
        {current}
      </span>
    </nav>
  );
}

/** A record page while its record loads. */
export function RecordPageSkeleton({ label, breadcrumb }: { label: string; breadcrumb: ReactNode }) {
  return (
    <div className="grid gap-4" aria-label={label}>
      {breadcrumb}
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-9 w-96 max-w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

type ErrorProps = {
  breadcrumb: ReactNode;
  notFound: boolean;
  /** The noun of the record: "Lead" gives "Lead not found" and "Could not load this lead". */
  noun: string;
  notFoundText: string;
  message: string;
  onRetry: () => void;
  back: Parent;
};

/** A record page whose record is not there (or not this organization's), or could not load, with a way back. */
export function RecordLoadError({ breadcrumb, notFound, noun, notFoundText, message, onRetry, back }: ErrorProps) {
  return (
    <div className="grid gap-4">
      {breadcrumb}
      <Card>
        <CardContent className="grid justify-items-center gap-3 py-12 text-center">
          <h1 className="text-xl font-semibold">{notFound ? `${noun} not found` : `Could not load this ${noun.toLowerCase()}`}</h1>
          <p className="max-w-sm text-sm text-muted-foreground">{notFound ? notFoundText : message}</p>
          <div className="flex gap-2">
            {!notFound && (
              <Button variant="outline" onClick={onRetry}>
                Retry
              </Button>
            )}
            <Button asChild>
              <Link to={back.to}>{back.label}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
