import { FEED_OUTCOME_LABELS, screenLinks, type FeedItem } from '@wholesail/domain';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { relativeTime } from '@/features/leads/lead-format';
import { dateTimeText, feedWhat, isFuture, OUTCOME_VARIANTS } from './feed-words';

/** One thing the machine did or will do: when, what (and for which lead), its outcome and the reason in a sentence. */
export function FeedRow({ item, now }: { item: FeedItem; now: Date }) {
  const what = feedWhat(item);
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 px-4 py-3 sm:grid-cols-[9.5rem_minmax(0,1fr)_auto]" aria-label={`${what}: ${FEED_OUTCOME_LABELS[item.outcome]}`}>
      <div className="text-sm">
        <time dateTime={item.at} className="font-medium">
          {isFuture(item.outcome) && item.at > now.toISOString() ? `Runs ${relativeTime(item.at, now)}` : relativeTime(item.at, now)}
        </time>
        <p className="text-xs text-muted-foreground">{dateTimeText(item.at)}</p>
      </div>
      <div className="col-span-2 grid min-w-0 gap-0.5 sm:col-span-1 sm:col-start-2 sm:row-start-1">
        <p className="text-sm font-medium break-words">
          {what}
          {item.lead && (
            <>
              {' · '}
              <Link to={screenLinks.lead(item.lead.id)} className="text-primary hover:underline">
                {item.lead.name}
              </Link>
            </>
          )}
        </p>
        <p className="text-sm break-words text-muted-foreground">{item.reason}</p>
      </div>
      <Badge variant={OUTCOME_VARIANTS[item.outcome]} className="col-start-2 row-start-1 self-start sm:col-start-3">
        {FEED_OUTCOME_LABELS[item.outcome]}
      </Badge>
    </li>
  );
}
