/** The lead details side panel of the dialer modal (dialer.md §2 "Lead details side panel"). */
import { displayName, type Lead } from '@wholesail/domain';
import type { ReactNode } from 'react';
import { DncBadge } from '@/features/conversations/dnc-badge';
import { leadAddress, leadEquity, MISSING, numberText, phoneText, primaryEmail, primaryPhone } from '@/features/leads/lead-format';
import { useLead } from '@/features/leads/leads-api';
import { MotivationIndicator } from '@/features/leads/motivation-indicator';
import { StreetViewEmbed, useStreetView } from '@/features/leads/street-view';
import { TagList } from '@/features/leads/tag-list';
import { CallLeadContextNote, useCallLeadContext } from './call-lead-context';
import type { DialerData } from './dialer-store';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const money = (value: number | null | undefined) => (value === null || value === undefined ? MISSING : usd.format(value));

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </>
  );
}

function StreetView({ lead, title }: { lead: Lead; title: string }) {
  const view = useStreetView(lead);
  return view.url ? <StreetViewEmbed url={view.url} title={title} /> : null;
}

/** During a call (`callSid`), the call's own lead as the server knows it; otherwise the lead the dialer was opened for. */
export function LeadSidePanel({ data, callSid = null }: { data: DialerData | null; callSid?: string | null }) {
  const query = useLead(data?.leadId || null);
  const context = useCallLeadContext(callSid);
  if (!data) return <p className="p-4 text-sm text-muted-foreground">No lead data available</p>;
  const lead = context.data?.lead ?? query.data;
  const address = (lead && leadAddress(lead)) || data.address || MISSING;
  return (
    <aside aria-label="Lead details" className="grid content-start gap-4 p-4 text-sm">
      <CallLeadContextNote context={context} />
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold">{(context.data && displayName(context.data.lead)) || data.name || 'Unknown Lead'}</h3>
          {lead?.dnc_status && <DncBadge lead={lead} />}
        </div>
        <p className="text-muted-foreground">{address}</p>
        {lead && <MotivationIndicator score={lead.motivation_score} showLabel />}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <Row label="Phone">{phoneText((lead && primaryPhone(lead)) || data.phone)}</Row>
        <Row label="Email">{(lead && primaryEmail(lead)) || data.email || MISSING}</Row>
        {lead && (
          <>
            <Row label="Beds">{numberText(lead.total_bedrooms)}</Row>
            <Row label="Baths">{numberText(lead.total_baths)}</Row>
            <Row label="Year">{lead.year_built ?? MISSING}</Row>
            <Row label="Sq ft">{numberText(lead.building_square_feet)}</Row>
            <Row label="Lot">{numberText(lead.lot_square_feet)}</Row>
            <Row label="Estimated value">{money(lead.estimated_value)}</Row>
            <Row label="Mortgage balance">{money(lead.mortgage_balance)}</Row>
            <Row label="Estimated equity">{money(leadEquity(lead))}</Row>
          </>
        )}
      </dl>
      {query.isFetching && !lead && <p className="text-muted-foreground">Loading more details…</p>}
      {lead && <TagList tags={lead.badges} />}
      {lead && <StreetView lead={lead} title={address} />}
    </aside>
  );
}
