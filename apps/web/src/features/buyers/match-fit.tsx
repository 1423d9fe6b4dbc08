import type { BuyBoxFit, MatchCriterion } from '@wholesail/domain';
import { CheckIcon, CircleHelpIcon, XIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

const CRITERION_LABELS: { readonly [C in MatchCriterion]: string } = {
  market: 'Market',
  property_kind: 'Type',
  price: 'Price',
  beds: 'Beds',
  baths: 'Baths',
  repairs: 'Repairs',
};

/** The fit as a percentage: green when every criterion set is met, amber when close, plain below. */
export function FitBadge({ fit }: { fit: BuyBoxFit }) {
  const variant = fit.missed === 0 && fit.unknown === 0 ? 'success' : fit.fit >= 75 ? 'default' : 'outline';
  return (
    <Badge variant={variant} className="tabular-nums" title={fit.reason}>
      {fit.fit}% fit
    </Badge>
  );
}

/** Each criterion the buy box sets: met, missed (with how far) or not known for the deal. */
export function FitCriteria({ fit }: { fit: BuyBoxFit }) {
  if (fit.criteria.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Criteria">
      {fit.criteria.map((c) => {
        const Icon = c.met === true ? CheckIcon : c.met === false ? XIcon : CircleHelpIcon;
        const tone = c.met === true ? 'text-success' : c.met === false ? 'text-destructive' : 'text-muted-foreground';
        return (
          <li key={c.criterion} className="inline-flex max-w-full items-center gap-1 rounded-md border px-2 py-0.5 text-xs">
            <Icon className={`size-3.5 shrink-0 ${tone}`} aria-label={c.met === true ? 'met' : c.met === false ? 'missed' : 'not known'} />
            <span className="font-medium">{CRITERION_LABELS[c.criterion]}:</span>
            <span className="min-w-0 truncate text-muted-foreground" title={c.detail}>
              {c.detail}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
