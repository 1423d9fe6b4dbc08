import { PublicPageShell } from './public-page-shell';

export function AboutPage() {
  return (
    <PublicPageShell title="About Wholesail">
      <p>
        Wholesail is a workspace for real-estate wholesalers and investor teams. It keeps property-owner leads, cash buyers, calls and
        text conversations in one place, shared by everyone in your organization.
      </p>
      <p>
        Agents call leads from the browser and see both sides of the conversation transcribed live, with short AI coaching suggestions
        while they talk. Leads are enriched with property data and scored for motivation so the team calls the right people first.
      </p>
      <p>
        Compliance is built in: leads marked do-not-call cannot be dialed, and calls are kept to reasonable hours in the lead’s local time.
      </p>
    </PublicPageShell>
  );
}
