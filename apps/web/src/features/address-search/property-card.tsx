import { formatPhone, formatUsd, type LookedUpProperty } from '@wholesail/domain';
import { CheckCircle2Icon, HomeIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import type { SelectedProperty } from './address';

export type LookupOutcome = 'looking-up' | 'enriched' | 'basic' | 'failed';

const OUTCOME_BADGE: Record<Exclude<LookupOutcome, 'looking-up'>, { label: string; variant: 'success' | 'secondary' | 'destructive' }> = {
  enriched: { label: 'Enriched', variant: 'success' },
  basic: { label: 'Basic info only', variant: 'secondary' },
  failed: { label: 'Lookup failed', variant: 'destructive' },
};

const numberFormat = new Intl.NumberFormat('en-US');

function formatDay(value: string): string {
  const date = new Date(value.length === 10 ? `${value}T00:00:00` : value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The searched property: its address, the lookup outcome and whatever enrichment found. */
export function PropertyCard({
  property,
  outcome,
  data,
  added,
  children,
}: {
  property: SelectedProperty;
  outcome: LookupOutcome;
  data: LookedUpProperty | null;
  added: boolean;
  children?: ReactNode;
}) {
  const cityLine = [property.city, [property.state, property.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const facts: Array<[string, string]> = [];
  if (data) {
    if (data.owner_1_name) facts.push(['Owner', data.owner_1_name]);
    if (data.contact_1_phone1) facts.push(['Phone', formatPhone(data.contact_1_phone1) === 'No phone' ? data.contact_1_phone1 : formatPhone(data.contact_1_phone1)]);
    if (data.contact_1_email1) facts.push(['Email', data.contact_1_email1]);
    if (data.estimated_value != null) facts.push(['Estimated value', formatUsd(data.estimated_value)]);
    if (data.property_type) facts.push(['Property type', data.property_type]);
    const layout = [
      data.total_bedrooms != null ? `${data.total_bedrooms} beds` : null,
      data.total_baths != null ? `${data.total_baths} baths` : null,
      data.building_square_feet != null ? `${numberFormat.format(data.building_square_feet)} sq ft` : null,
      data.year_built != null ? `built ${data.year_built}` : null,
    ].filter(Boolean);
    if (layout.length > 0) facts.push(['Property', layout.join(' · ')]);
    if (data.last_sale_date || data.last_sale_price != null) {
      facts.push(['Last sale', [data.last_sale_price != null ? formatUsd(data.last_sale_price) : null, data.last_sale_date ? formatDay(data.last_sale_date) : null].filter(Boolean).join(' on ')]);
    }
    if (data.mortgage_balance != null) facts.push(['Mortgage balance', formatUsd(data.mortgage_balance)]);
    if (data.tax_delinquent != null) facts.push(['Tax delinquent', data.tax_delinquent ? 'Yes' : 'No']);
    if (data.motivation_score != null) facts.push(['Motivation', `${data.motivation_score}/9`]);
  }

  return (
    <div className="grid gap-4 rounded-lg border bg-card p-4 text-left" aria-label="Property" role="region">
      <div className="flex flex-wrap items-start gap-3">
        <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
          <HomeIcon className="size-4" aria-hidden />
        </span>
        {/* At least 10rem for the address: on a narrow card the badges move under it instead of squeezing it. */}
        <div className="min-w-40 flex-1">
          <p className="font-medium break-words">{property.address || property.formattedAddress}</p>
          {cityLine && <p className="text-sm text-muted-foreground">{cityLine}</p>}
          {property.county && <p className="text-xs text-muted-foreground">{property.county}</p>}
        </div>
        <div className="flex shrink-0 flex-wrap items-end gap-1 sm:flex-col">
          {added && (
            <Badge variant="success">
              <CheckCircle2Icon className="size-3" aria-hidden /> Added to Leads
            </Badge>
          )}
          {outcome !== 'looking-up' && <Badge variant={OUTCOME_BADGE[outcome].variant}>{OUTCOME_BADGE[outcome].label}</Badge>}
        </div>
      </div>
      {facts.length > 0 && (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {children}
    </div>
  );
}
