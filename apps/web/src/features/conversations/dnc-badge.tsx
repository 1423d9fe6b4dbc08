import { BanIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, badgeVariants } from '@/components/ui/badge';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { dncScreenHref } from '@/features/do-not-contact/dnc-links';
import { DncNumberList, leadTimeZone } from '@/features/do-not-contact/dnc-numbers';
import type { LeadDetail } from '@/features/leads/leads-api';
import { cn } from '@/lib/utils';

export const DNC_BADGE_TITLE = 'On the Do Not Call list: no calls or texts';

/**
 * Marks a lead on the Do Not Call list (no calls, no texts). Given the lead record it opens, on click or
 * tap, which of its numbers are listed and why, with links to the Do Not Contact list.
 */
export function DncBadge({ lead }: { lead?: LeadDetail }) {
  const content = (
    <>
      <BanIcon className="size-3" aria-hidden />
      DNC
    </>
  );
  if (!lead) {
    return (
      <Badge variant="destructive" title={DNC_BADGE_TITLE}>
        {content}
      </Badge>
    );
  }
  return (
    <Popover>
      <PopoverTrigger className={cn(badgeVariants({ variant: 'destructive' }), 'cursor-pointer outline-none focus-visible:ring-2 focus-visible:ring-destructive/40')} aria-label="DNC: why">
        {content}
      </PopoverTrigger>
      <PopoverContent className="grid gap-3">
        <p className="font-medium">{DNC_BADGE_TITLE}</p>
        <DncDetails lead={lead} />
      </PopoverContent>
    </Popover>
  );
}

/** The listed numbers, or, for a lead marked DNC by itself, that and the way to the list. */
export function DncDetails({ lead }: { lead: LeadDetail }) {
  const numbers = lead.dnc_numbers ?? [];
  if (numbers.length > 0) return <DncNumberList numbers={numbers} timeZone={leadTimeZone(lead)} />;
  return (
    <p className="text-muted-foreground">
      This lead itself is marked Do Not Call.{' '}
      <Link to={dncScreenHref()} className="text-primary underline-offset-4 hover:underline">
        Open the Do Not Contact list
      </Link>
    </p>
  );
}
