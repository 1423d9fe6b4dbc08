/**
 * Figures that are true of the product itself, not of anyone's results. The lookup count is the
 * enrichment's field list (address-search ENRICHMENT_FIELDS; a test keeps them equal), written out so
 * the landing page does not pull the search API code into the first load.
 */
export const STATS: readonly { value: string; label: string }[] = [
  { value: '14', label: 'owner, contact and property facts from one address lookup' },
  { value: '1–9', label: 'motivation score on every lead, so the team calls the most motivated sellers first' },
  { value: '8 AM–9 PM', label: 'calling window checked in each lead’s local time (8 PM in Florida)' },
  { value: '0', label: 'dials to leads on your Do Not Call list: the dialer refuses them' },
];

export function StatsSection() {
  return (
    <section aria-label="Wholesail in numbers" className="border-y bg-card px-4 py-12 sm:px-6">
      <dl className="mx-auto grid max-w-6xl gap-8 sm:grid-cols-2 lg:grid-cols-4">
        {STATS.map(({ value, label }) => (
          <div key={label} className="flex flex-col-reverse justify-end text-center lg:text-left">
            <dt className="mt-2 text-sm text-muted-foreground">{label}</dt>
            <dd className="text-3xl font-semibold tracking-tight text-primary sm:text-4xl">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
