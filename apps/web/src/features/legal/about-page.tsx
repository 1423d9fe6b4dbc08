import { Link } from 'react-router';
import { PublicPageShell } from './public-page-shell';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from './public-links';

export function AboutPage() {
  return (
    <PublicPageShell title="About Wholesail" intro="The calling workspace for real-estate wholesalers and investor teams.">
      <p>
        Wholesalers win deals by talking to motivated sellers before anyone else does. That work used to be spread across spreadsheets, list
        vendors, lookup sites, a cell phone and a notes app. Wholesail puts it in one place, shared by everyone in your organization.
      </p>

      <h2>What it does</h2>
      <ul>
        <li>
          <strong>Leads and buyers.</strong> Import lists from CSV with your own column mapping, or search any US address and add it as a lead.
          Cash buyers live next to the leads they may buy.
        </li>
        <li>
          <strong>Property data.</strong> An address lookup fills in the owner, contact details, estimated value, mortgage balance, last sale and
          tax status.
        </li>
        <li>
          <strong>Scoring.</strong> Every lead gets a motivation score, and a Top 10 ranks who to call next from motivation, equity, distress
          signals and recent contact.
        </li>
        <li>
          <strong>Calling.</strong> Agents call from the browser on the organization’s numbers. Both speakers are transcribed live, and short AI
          coaching suggestions appear while the seller talks: price objections, timelines, trust.
        </li>
        <li>
          <strong>Texting.</strong> Text conversations with sellers, with templates, delivery status and an analysis of each reply.
        </li>
        <li>
          <strong>Wrap-up.</strong> After each call the agent records the outcome, a follow-up date and notes, so the next person knows where the
          deal stands.
        </li>
      </ul>

      <h2>What we believe</h2>
      <ul>
        <li>
          <strong>Compliance is built in, not bolted on.</strong> Do-not-call leads cannot be dialed or texted, calling hours follow the lead’s
          local time, and a STOP reply is honored at once.
        </li>
        <li>
          <strong>The AI helps; the agent decides.</strong> Suggestions are short and optional, and every AI feature can be switched off.
        </li>
        <li>
          <strong>Your data is yours.</strong> Each organization’s data is walled off from every other’s in the database itself. Read the{' '}
          <Link to="/privacy-policy">Privacy Policy</Link>.
        </li>
      </ul>

      <h2>Try it</h2>
      <p>
        Search any property on our <Link to="/">home page</Link>, or see the plans in the <Link to="/#pricing">pricing</Link> section. To reach us,
        write to <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>.
      </p>
    </PublicPageShell>
  );
}
