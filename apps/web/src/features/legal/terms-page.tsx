import { PublicPageShell } from './public-page-shell';

export function TermsPage() {
  return (
    <PublicPageShell title="Terms of Service">
      <p>By using Wholesail you agree to these terms on behalf of yourself and your organization.</p>
      <h2>Your account</h2>
      <p>Accounts are created by invitation. Keep your password private; you are responsible for what is done with your account.</p>
      <h2>Acceptable use</h2>
      <ul>
        <li>Follow the laws that apply to calls and text messages, including the TCPA and do-not-call rules.</li>
        <li>Only contact people you have a lawful reason to contact, and honor requests to stop.</li>
        <li>Do not upload data you have no right to use, and do not try to access other organizations’ data.</li>
      </ul>
      <h2>Your data</h2>
      <p>Your organization owns the data it puts into Wholesail. We process it only to provide the service.</p>
      <h2>Availability</h2>
      <p>We work to keep the service running and your data safe, but the service is provided as is, without guarantees of uninterrupted availability.</p>
    </PublicPageShell>
  );
}
