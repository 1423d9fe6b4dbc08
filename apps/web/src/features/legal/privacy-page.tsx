import { PublicPageShell } from './public-page-shell';

/** Served at both /privacy and /privacy-policy, which footers link to. */
export function PrivacyPage() {
  return (
    <PublicPageShell title="Privacy Policy">
      <p>This policy explains what information Wholesail keeps and why.</p>
      <h2>What we collect</h2>
      <ul>
        <li>Your account: name, email address and a hash of your password (never the password itself).</li>
        <li>Your organization’s data: the leads, buyers, notes, call records, transcripts and messages your team enters or imports.</li>
        <li>Technical data needed to run the service, such as session cookies and server logs.</li>
      </ul>
      <h2>How we use it</h2>
      <p>
        Only to provide the service to your organization: showing your data to your team, placing calls, transcribing them, and running the
        AI features your organization has switched on. We do not sell personal information.
      </p>
      <h2>Who can see it</h2>
      <p>
        Data belongs to your organization and is visible only to its members. Service providers that carry calls, messages, email or AI
        requests receive only what each request needs.
      </p>
      <h2>Your choices</h2>
      <p>You can ask your organization’s administrator, or us, to correct or delete your account information at any time.</p>
    </PublicPageShell>
  );
}
