import { MONEY_BACK_GUARANTEE_DAYS, TRIAL } from '@wholesail/domain';
import { Link } from 'react-router';
import { LEGAL_UPDATED, PublicPageShell } from './public-page-shell';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from './public-links';

export function TermsPage() {
  return (
    <PublicPageShell title="Terms of Service" updated={LEGAL_UPDATED} intro="The rules for using Wholesail, in plain words.">
      <p>By using Wholesail you agree to these terms on behalf of yourself and the organization you use it for.</p>

      <h2>The service</h2>
      <p>
        Wholesail is a workspace for real-estate wholesalers and investor teams: leads and buyers, property lookups, calls from the browser with
        live transcription and AI coaching, text conversations, scoring and the records that go with them.
      </p>

      <h2>Accounts</h2>
      <ul>
        <li>Accounts are created by invitation from an organization’s owner or admin; public sign-up is closed.</li>
        <li>Keep your password private. You are responsible for what is done with your account; tell your admin at once if it is misused.</li>
        <li>Owners and admins manage members, invitations, phone numbers and calling settings for their organization.</li>
      </ul>

      <h2>Plans, trial and payment</h2>
      <ul>
        <li>
          Plans, their limits and add-ons are listed on the <Link to="/#pricing">pricing</Link> section of our home page. Yearly plans cost ten
          monthly payments.
        </li>
        <li>
          The free trial lasts {TRIAL.days} days and includes {TRIAL.aiTokens} AI tokens and {TRIAL.leadImports} lead imports. A credit card is
          required to start it.
        </li>
        <li>
          If Wholesail is not right for you, ask within {MONEY_BACK_GUARANTEE_DAYS} days of your first payment and we refund it in full.
        </li>
      </ul>

      <h2>Calling and texting</h2>
      <ul>
        <li>Follow the laws that apply to calls and text messages, including the TCPA, state rules and do-not-call lists.</li>
        <li>Only contact people you have a lawful reason to contact, and honor every request to stop.</li>
        <li>
          Wholesail refuses calls to leads on your Do Not Call list and, unless an admin switches the check off, calls outside 8:00–21:00 in the
          lead’s local time (20:00 in Florida). These tools help you comply; they do not replace your own obligations.
        </li>
        <li>Do not use numbers you are not allowed to use, hide who is calling, or send messages a person has not agreed to receive.</li>
      </ul>

      <h2>AI features</h2>
      <p>
        Coaching suggestions, scripts, scores and conversation analyses are aids, and they can be wrong. Your agents decide what to say and do.
        Your organization can switch each AI feature off in its settings.
      </p>

      <h2>Your data</h2>
      <p>
        Your organization owns the data it puts into Wholesail. We process it only to provide the service, as described in the{' '}
        <Link to="/privacy-policy">Privacy Policy</Link>. Do not upload data you have no right to use, and do not try to reach other organizations’
        data.
      </p>

      <h2>Other services</h2>
      <p>
        Calls and texts through Twilio, property data from BatchData, maps from Google and AI models are provided by those companies under their
        own terms.
      </p>

      <h2>Availability and liability</h2>
      <p>
        We work to keep the service running and your data safe, but the service is provided as is, without a guarantee of uninterrupted
        availability. To the extent the law allows, we are not liable for indirect losses such as lost deals or profits.
      </p>

      <h2>Ending</h2>
      <p>
        You can stop using Wholesail at any time. We may suspend an account that breaks these terms, in particular the calling and texting rules.
      </p>

      <h2>Changes and contact</h2>
      <p>
        We will say here when these terms change. Questions: <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>.
      </p>
    </PublicPageShell>
  );
}
