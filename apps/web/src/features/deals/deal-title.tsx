import { screenLinks, type Deal, type Member } from '@wholesail/domain';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';

/** A deal named by its lead, linking to the deal, with the property's address below. */
export function DealTitle({ deal, className }: { deal: Pick<Deal, 'id' | 'lead_name' | 'property_address'>; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <Link to={screenLinks.deal(deal.id)} className="line-clamp-2 font-medium break-words hover:underline">
        {deal.lead_name}
      </Link>
      <span className="block truncate text-xs text-muted-foreground">{deal.property_address ?? 'No address'}</span>
    </div>
  );
}

/** The organization's members as options of an owner select. */
export function MemberOptions({ members }: { members: readonly Member[] | undefined }) {
  return members?.map((member) => (
    <option key={member.id} value={member.id}>
      {member.name || member.email}
    </option>
  ));
}
