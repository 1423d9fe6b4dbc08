import { Link } from 'react-router';
import { LEGAL_UPDATED, ProseTable, PublicPageShell } from './public-page-shell';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from './public-links';

/** Served at both /privacy and /privacy-policy, which footers link to. */
export function PrivacyPage() {
  return (
    <PublicPageShell
      title="Privacy Policy"
      updated={LEGAL_UPDATED}
      intro="What Wholesail keeps, why, who else receives it, and how calling and texting are kept within the rules."
    >
      <p>
        Wholesail is used by organizations: a wholesaling company or investor team signs up, and its members work on the organization’s leads,
        buyers, calls and messages. The organization decides what goes into Wholesail; we keep and process it to run the service for them. Every
        record belongs to exactly one organization and is visible only to that organization’s members: the database itself refuses to return
        another organization’s rows.
      </p>

      <h2>What we keep</h2>
      <h3>About you, as a user</h3>
      <ul>
        <li>Your name, email address, the organization you belong to and your role in it (owner, admin or member).</li>
        <li>A hash of your password (argon2id), never the password itself.</li>
        <li>Your sessions: when they started and expire, and the IP address and browser they came from.</li>
        <li>Your settings, such as your default caller ID.</li>
      </ul>
      <h3>Your organization’s data</h3>
      <ul>
        <li>
          <strong>Leads</strong>: property owners’ names, property and mailing addresses, phone numbers, email addresses, property and financial
          facts (value, mortgage, equity, tax status, sale history), tags, notes, motivation and AI scores, and do-not-call status. Deleted leads are
          marked deleted and hidden everywhere, not erased.
        </li>
        <li>
          <strong>Calls</strong>: who called whom from which number, when, how long, the outcome, follow-up dates and notes, and each step of the
          call (ringing, answered, ended, refused and why).
        </li>
        <li>
          <strong>Transcripts</strong>: the words of both speakers on a call, as transcribed live. Coaching suggestions are shown to the agent and
          not stored.
        </li>
        <li>
          <strong>Texts</strong>: every message sent to or received from a lead, its delivery status, and the sentiment and next step read from it.
        </li>
        <li>
          <strong>Activity logs</strong>: who did what and when, such as imports, edits, do-not-call changes, opt-outs and changes to calling
          settings.
        </li>
        <li>Buyers, tasks, CSV imports (the files you upload and any row errors), invitations and organization settings.</li>
      </ul>
      <h3>Technical data</h3>
      <ul>
        <li>Server logs of requests and errors, and counters of sign-in and password-reset attempts per IP address (to stop password guessing).</li>
        <li>
          The session cookie and the browser storage described in the <Link to="/cookies-policy">Cookies Policy</Link>.
        </li>
      </ul>

      <h2>How we use it</h2>
      <p>
        Only to provide the service to your organization: showing your data to your team, placing and transcribing calls, sending texts, looking
        up property data, scoring leads, coaching agents, sending the emails you ask for, and keeping the service secure. We do not sell personal
        information, and we do not use your data for advertising.
      </p>

      <h2>Calling and texting compliance</h2>
      <p>Wholesail checks every call and every text before it goes out, and keeps a record of the check:</p>
      <ul>
        <li>
          <strong>Calling hours.</strong> Calls and texts follow the telephone-solicitation hours of the lead’s state (by weekday, with the
          Sundays and legal holidays some states exclude) in the lead’s local time, and 8:00 to 21:00 where the state sets nothing stricter. The
          time zone comes from the lead’s property state and ZIP code, else the mailing address; when the location is unknown, a call is allowed
          only while every state allows it in every US time zone. An organization admin can switch this check off; each change is recorded in the
          activity log.
        </li>
        <li>
          <strong>Calls per number.</strong> A number is called at most 3 times in 24 hours across the organization (an admin can set 1 to 10);
          each change is recorded in the activity log.
        </li>
        <li>
          <strong>Do Not Call.</strong> A lead marked do-not-call cannot be called or texted by anyone in the organization. An agent can mark a lead
          during the wrap-up of a call, and the box is ticked for them when the seller asked on the call not to be contacted again.
        </li>
        <li>
          <strong>STOP opt-outs.</strong> A text reply of STOP, STOPALL, UNSUBSCRIBE, CANCEL, END or QUIT, or a clear request such as “stop texting
          me” or “take me off your list”, puts the lead on the Do Not Call list for calls and texts at once. START or UNSTOP is recorded but does
          not lift the block: a person has to do that deliberately.
        </li>
        <li>Every dial attempt is recorded as allowed or refused, with the reason, and only one agent can be on a call with a lead at a time.</li>
      </ul>
      <p>
        These checks help, but your organization remains responsible for having a lawful basis to contact each person, including under the TCPA
        and do-not-call rules.
      </p>

      <h2>Services that receive data</h2>
      <p>
        Wholesail works on its own. The services below receive data only when the operator of your Wholesail server has configured them, and only
        what each request needs:
      </p>
      <ProseTable
        head={['Service', 'Used for', 'What it receives']}
        rows={[
          ['Twilio', 'Calls and texts', 'Your organization’s numbers and the lead’s number, the call audio (transcribed by Twilio), and the text of messages.'],
          [
            'OpenAI-compatible language model',
            'Coaching suggestions, response scripts, AI lead scores and conversation analysis',
            'The last few lines of a call transcript with the lead’s property facts and notes; for scoring, property and distress facts without names, phones or emails; for analysis, the message and the lead’s earlier messages.',
          ],
          ['BatchData', 'Property lookups and lead enrichment', 'The property address being looked up.'],
          [
            'Google Maps',
            'Address autocomplete and Street View',
            'Loaded by your browser directly from Google: what you type in an address field and the addresses you view, with your IP address.',
          ],
          ['SMTP mail server', 'Password-reset and invitation emails', 'The recipient’s name and email address and the message, including its link.'],
        ]}
      />
      <p>
        Without Twilio, calls and texts use a built-in demo line that reaches no real phone. Without a language model, coaching uses built-in
        conversation patterns and no transcript leaves the server. Without a mail server, emails are kept in the database instead of being sent.
      </p>

      <h2>How long we keep it</h2>
      <p>
        Organization data is kept while the organization uses Wholesail. Sessions end after a week without use and at the latest 30 days after
        sign-in (the operator can change both). Password-reset links expire after one hour. Cached data in your browser is cleared when you sign
        out.
      </p>

      <h2>Security</h2>
      <p>
        Passwords are hashed with argon2id, sessions use an HttpOnly cookie, every organization’s rows sit behind PostgreSQL row-level security,
        and Twilio’s webhooks are verified by their signature before anything they say is stored.
      </p>

      <h2>Your choices</h2>
      <p>
        You can ask your organization’s owner or an admin to correct or delete your account information, or write to us at{' '}
        <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>. If you are a property owner contacted through Wholesail, reply STOP to any text or tell the
        caller you do not want to be contacted, and you will not be called or texted by that organization again.
      </p>
    </PublicPageShell>
  );
}
