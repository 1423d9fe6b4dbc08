import { displayName, formatUsd, leadSourceName, marketSegment, type Lead } from '@wholesail/domain';
import { Badge } from '@/components/ui/badge';
import {
  dateText, dateTimeText, isPopulated, leadAddress, leadCoordinates, leadEquity, mailingAddress, MISSING, numberText, phoneText, relativeTime,
  SEGMENT_LABELS, text, yesNo,
} from './lead-format';
import { EditableSection } from './editable-section';
import { DncSection, NotesSection, StatusTagsSection } from './lead-edit-sections';
import { EmptyText, field, FieldGrid, FieldSection, NOT_AVAILABLE, Section, type FieldItem } from './lead-sections';
import { LeadStatusBadge } from './lead-status-badge';
import { AiScoreSummary } from './ai-score';
import { MotivationIndicator } from './motivation-indicator';
import { StreetViewEmbed, useStreetView } from './street-view';
import { LeadFollowUps } from '@/features/tasks/lead-follow-ups';
import { LeadTexts } from '@/features/conversations/lead-texts';

export const LEAD_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'property', label: 'Property' },
  { value: 'financial', label: 'Financial' },
  { value: 'communication', label: 'Communication' },
  { value: 'intelligence', label: 'Intelligence' },
] as const;
export type LeadTab = (typeof LEAD_TABS)[number]['value'];

const usd = (value: number | null | undefined) => formatUsd(value ?? null);
const withFeature = (flag: boolean | null, detail: string | null) =>
  flag === null ? (isPopulated(detail) ? detail! : MISSING) : flag ? (isPopulated(detail) ? `Yes (${detail})` : 'Yes') : 'No';

/** Insight badges from the lead's flags (vacancy, absentee owner, distress...). */
export function propertyInsights(lead: Lead): string[] {
  const insights: string[] = [];
  if (lead.vacant || lead.vacancy_flag) insights.push('Vacant');
  if (lead.out_of_state_owner) insights.push('Out-of-state owner');
  if (lead.tenant_occupied) insights.push('Tenant occupied');
  if (lead.tax_delinquent) insights.push('Tax delinquent');
  if (lead.pre_foreclosure) insights.push('Pre-foreclosure');
  if (lead.active_lien) insights.push('Active lien');
  if (lead.distressed_sale) insights.push('Distressed sale');
  const equity = leadEquity(lead);
  if (equity !== null && lead.estimated_value && equity / lead.estimated_value >= 0.5) insights.push('High equity');
  if (lead.ownership_length !== null && lead.ownership_length >= 10) insights.push('Long-time owner');
  return insights;
}

export function OverviewTab({ lead }: { lead: Lead }) {
  const insights = propertyInsights(lead);
  const contact: FieldItem[] = [
    field('Name', displayName(lead), true),
    field('Phone', phoneText(lead.contact_1_phone1 ?? lead.phone ?? lead.phone_number)),
    field('Email', text(lead.contact_1_email1 ?? lead.email ?? lead.contact_1_email)),
    field('Property address', text(leadAddress(lead))),
    field('Mailing address', text(mailingAddress(lead))),
  ];
  return (
    <div className="grid gap-4">
      <EditableSection lead={lead} section="contact" title="Contact info">
        <FieldGrid items={contact} />
      </EditableSection>
      <StatusTagsSection lead={lead} />
      <LeadFollowUps leadId={lead.id} />
      <Section title="Key metrics">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Metric label="Motivation score">
            <MotivationIndicator score={lead.motivation_score} showLabel />
          </Metric>
          <Metric label="Estimated value">{usd(lead.estimated_value)}</Metric>
          <Metric label="Estimated equity">{usd(leadEquity(lead))}</Metric>
          <Metric label="Created">{dateText(lead.created_at)}</Metric>
        </dl>
      </Section>
      <Section title="AI score">
        <AiScoreSummary lead={lead} />
      </Section>
      <Section title="Property insights">
        {insights.length === 0 ? (
          <EmptyText />
        ) : (
          <div className="flex flex-wrap gap-1.5">
            {insights.map((insight) => (
              <Badge key={insight}>{insight}</Badge>
            ))}
          </div>
        )}
      </Section>
      <NotesSection lead={lead} />
      <DncSection lead={lead} />
    </div>
  );
}

function Metric({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-md bg-muted/50 p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-base font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

export function PropertyTab({ lead }: { lead: Lead }) {
  const streetView = useStreetView(lead);
  const coordinates = leadCoordinates(lead);
  const details: FieldItem[] = [
    field('Property type', text(lead.property_type)),
    field('Beds', numberText(lead.total_bedrooms)),
    field('Baths', numberText(lead.total_baths)),
    field('Sq ft', numberText(lead.building_square_feet)),
    field('Lot (sq ft)', numberText(lead.lot_square_feet)),
    field('Year built', lead.year_built === null ? MISSING : String(lead.year_built)),
    field('Stories', numberText(lead.stories)),
    field('Garage', withFeature(lead.garage, lead.garage_spaces === null ? null : `${lead.garage_spaces} spaces`)),
    field('Pool', withFeature(lead.pool, lead.pool_type)),
    field('Basement', yesNo(lead.basement)),
    field('Fireplace', yesNo(lead.fireplace)),
    field('AC', text(lead.ac_type)),
    field('Parking spaces', numberText(lead.parking_spaces)),
    field('Condition', text(lead.property_condition)),
    field('Occupancy', text(lead.occupancy_status)),
  ];
  const schools: FieldItem[] = [
    field('School district', text(lead.school_district_name)),
    field('School rating', numberText(lead.school_rating, '/10')),
    field('Elementary school', text(lead.elementary_school)),
    field('Middle school', text(lead.middle_school)),
    field('High school', text(lead.high_school)),
  ];
  const location: FieldItem[] = [
    field('Address', text(leadAddress(lead))),
    field('County', text(lead.property_address_county ?? lead.county)),
    field('Latitude / longitude', coordinates ? `${coordinates.lat}, ${coordinates.lng}` : MISSING),
  ];
  const legal: FieldItem[] = [
    field('APN', text(lead.apn_parcel_id)),
    field('Legal description', text(lead.legal_description)),
    field('Zoning', text(lead.zoning)),
    field('Subdivision', text(lead.subdivision)),
  ];
  return (
    <div className="grid gap-4">
      <EditableSection lead={lead} section="property" title="Property details">
        <FieldGrid items={details} columns={3} />
      </EditableSection>
      <FieldSection title="Schools" items={schools} empty="School data not available in this area" />
      <FieldSection title="Location" items={location} />
      <FieldSection title="Legal and parcel" items={legal} />
      <Section title="Street view">
        {streetView.url ? (
          <StreetViewEmbed url={streetView.url} title={leadAddress(lead) ?? displayName(lead)} />
        ) : streetView.pending ? (
          <EmptyText>Loading street view…</EmptyText>
        ) : (
          <EmptyText />
        )}
      </Section>
    </div>
  );
}

export function FinancialTab({ lead }: { lead: Lead }) {
  const valuation: FieldItem[] = [
    field('Estimated value', usd(lead.estimated_value)),
    field('Assessed value', usd(lead.assessed_value)),
    field('Assessed total value', usd(lead.assd_total_value)),
    field('Equity amount', usd(lead.equity_amount)),
    field('Equity estimate', usd(lead.equity_estimate)),
  ];
  const mortgage: FieldItem[] = [
    field('Mortgage balance', usd(lead.mortgage_balance)),
    field('Est. first loan balance', usd(lead.mtg1_est_loan_balance)),
    field('Original mortgage amount', usd(lead.mortgage_amount)),
    field('Monthly mortgage payment', usd(lead.monthly_mortgage_payment)),
    field('Second mortgage', usd(lead.second_mortgage_amount)),
    field('Second mortgage type', text(lead.second_mortgage_type)),
    field('HOA (monthly)', usd(lead.hoa_monthly)),
    field('HOA (annual)', usd(lead.hoa_annual)),
    field('Annual taxes', usd(lead.annual_taxes ?? lead.tax_amt)),
    field('Tax year', lead.tax_year === null ? MISSING : String(lead.tax_year)),
    field('Tax delinquent', yesNo(lead.tax_delinquent)),
    field('Tax lien amount', usd(lead.tax_lien_amount)),
    field('Active lien', yesNo(lead.active_lien)),
  ];
  const sales = [
    { label: 'Last sale', date: lead.last_sale_date, price: lead.last_sale_price ?? lead.last_sale_amount, detail: [lead.last_sale_doc_type, lead.last_sale_recording_date ? `recorded ${dateText(lead.last_sale_recording_date)}` : null].filter(isPopulated).join(', ') },
    { label: 'Prior sale', date: lead.prior_sale_date, price: lead.prior_sale_price, detail: '' },
  ].filter((sale) => isPopulated(sale.date) || sale.price !== null);
  return (
    <div className="grid gap-4">
      <EditableSection lead={lead} section="valuation" title="Valuation">
        <FieldGrid items={valuation} />
      </EditableSection>
      <EditableSection lead={lead} section="mortgage" title="Mortgage and financing">
        <FieldGrid items={mortgage} />
      </EditableSection>
      <Section title="Sale history">
        {sales.length === 0 ? (
          <EmptyText>Sale history not available for this property</EmptyText>
        ) : (
          <ol className="grid gap-2 text-sm">
            {sales.map((sale) => (
              <li key={sale.label} className="flex flex-wrap items-baseline justify-between gap-2 rounded-md bg-muted/50 px-3 py-2">
                <span className="font-medium">{sale.label}</span>
                <span className="text-muted-foreground">{dateText(sale.date)}</span>
                <span className="font-semibold tabular-nums">{usd(sale.price)}</span>
                {sale.detail && <span className="w-full text-xs text-muted-foreground">{sale.detail}</span>}
              </li>
            ))}
          </ol>
        )}
      </Section>
    </div>
  );
}

export function CommunicationTab({ lead }: { lead: Lead }) {
  const summary: FieldItem[] = [
    field('Last contact', lead.last_contacted_at ? `${relativeTime(lead.last_contacted_at)} (${dateTimeText(lead.last_contacted_at)})` : MISSING),
    field('Contact attempts', numberText(lead.contact_attempts)),
    // The source as the analytics group it (CSV import for an import's); none when the lead has neither.
    field('Lead source', text(lead.lead_source?.trim() || lead.source?.trim() ? leadSourceName(lead) : null)),
    field('Status', lead.status ? <LeadStatusBadge status={lead.status} /> : MISSING, Boolean(lead.status)),
  ];
  const phones: FieldItem[] = [
    field('Primary', phoneText(lead.contact_1_phone1 ?? lead.phone ?? lead.phone_number)),
    field('Alt 1', phoneText(lead.contact_1_phone2)),
    field('Alt 2', phoneText(lead.contact_1_phone3)),
  ];
  const emails = [...new Set([lead.contact_1_email1, lead.contact_1_email2, lead.contact_1_email3, lead.contact_1_email, lead.email].filter(isPopulated) as string[])];
  const owner: FieldItem[] = [
    field('Owner', text(lead.owner_1_name ?? ([lead.owner_1_first_name, lead.owner_1_last_name].filter(isPopulated).join(' ') || null))),
    field('Second owner', text(lead.owner_2_name ?? ([lead.owner_2_first_name, lead.owner_2_last_name].filter(isPopulated).join(' ') || null))),
    field('Owner type', text(lead.owner_type)),
    field('Ownership length', numberText(lead.ownership_length, ' years')),
    field('Out-of-state owner', yesNo(lead.out_of_state_owner)),
    field('Mailing address', text(mailingAddress(lead))),
  ];
  return (
    <div className="grid gap-4">
      <FieldSection title="Summary" items={summary} />
      <LeadTexts lead={lead} />
      <FieldSection title="Phone numbers" items={phones} columns={3} />
      <Section title="Email addresses">
        {emails.length === 0 ? (
          <EmptyText />
        ) : (
          <ul className="grid gap-1 text-sm">
            {emails.map((email) => (
              <li key={email}>
                <a className="text-primary underline-offset-4 hover:underline" href={`mailto:${email}`}>
                  {email}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <FieldSection title="Owner details" items={owner} />
    </div>
  );
}

type DistressEvent = { label: string; date: string | null };

/** Distress signals, dated ones first in date order. */
export function distressTimeline(lead: Lead): DistressEvent[] {
  const events: DistressEvent[] = [];
  if (lead.foreclosure_filing_date) events.push({ label: 'Foreclosure filing', date: lead.foreclosure_filing_date });
  if (lead.lis_pendens_date) events.push({ label: 'Lis pendens', date: lead.lis_pendens_date });
  events.sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
  if (lead.pre_foreclosure) events.push({ label: 'Pre-foreclosure', date: null });
  if (lead.tax_delinquent) events.push({ label: 'Tax delinquent', date: null });
  if (lead.vacancy_flag || lead.vacant) events.push({ label: 'Vacancy', date: null });
  if (lead.distressed_sale) events.push({ label: 'Distressed sale', date: null });
  return events;
}

const percentText = (value: number | null) => (value === null ? MISSING : `${numberText(value)}%`);

export function IntelligenceTab({ lead }: { lead: Lead }) {
  const market: FieldItem[] = [
    field('Market hotness', numberText(lead.market_hotness, '/10')),
    field('Days on market', numberText(lead.days_on_market)),
    field('Comparable sales', numberText(lead.comparable_sales)),
    field('Rental estimate', usd(lead.rental_estimate)),
    field('Cap rate', percentText(lead.cap_rate)),
    field('Cash flow estimate', usd(lead.cash_flow_estimate)),
    field('Appreciation rate', percentText(lead.appreciation_rate)),
  ];
  const events = distressTimeline(lead);
  const equity = leadEquity(lead);
  const equityPercent = equity !== null && lead.estimated_value ? Math.round((equity / lead.estimated_value) * 100) : null;
  const investment: FieldItem[] = [
    field('Estimated equity', usd(equity)),
    field('Equity %', equityPercent === null ? MISSING : `${equityPercent}%`),
    field('Market segment', lead.estimated_value === null ? MISSING : SEGMENT_LABELS[marketSegment(lead.estimated_value)]),
  ];
  return (
    <div className="grid gap-4">
      <FieldSection title="Market intelligence" items={market} />
      <Section title="Distress indicators">
        {events.length === 0 ? (
          <EmptyText>No major distress signals detected</EmptyText>
        ) : (
          <ol className="relative grid gap-3 border-l pl-4 text-sm">
            {events.map((event) => (
              <li key={event.label} className="relative">
                <span className="absolute top-1.5 -left-[21px] size-2.5 rounded-full border-2 border-card bg-destructive" aria-hidden />
                <span className="font-medium">{event.label}</span>
                <span className="ml-2 text-muted-foreground">{event.date ? dateText(event.date) : 'Date not recorded'}</span>
              </li>
            ))}
          </ol>
        )}
      </Section>
      <FieldSection title="Investment analysis" items={investment} columns={3} />
    </div>
  );
}

export { NOT_AVAILABLE };
