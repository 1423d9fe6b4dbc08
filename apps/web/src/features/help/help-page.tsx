import { CALL_OUTCOME_LABELS, CALL_OUTCOMES, FOLLOW_UP_OUTCOMES, OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS, IMPORT_MAX_BYTES } from '@wholesail/domain';
import { Link } from 'react-router';
import { dncScreenHref } from '@/features/do-not-contact/dnc-links';
import { PROSE_CLASS, ProseTable } from '@/features/legal/public-page-shell';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '@/features/legal/public-links';

const TOPICS = [
  { id: 'sign-in', title: 'Signing in' },
  { id: 'import', title: 'Importing leads from a CSV' },
  { id: 'calling', title: 'Calling from the browser' },
  { id: 'post-call', title: 'After the call: outcomes' },
  { id: 'texting', title: 'Texting and opt-outs' },
  { id: 'compliance', title: 'Do Not Call and calling hours' },
  { id: 'shortcuts', title: 'Keyboard shortcuts' },
] as const;

const list = (items: readonly string[]) => items.join(', ');

/** /help: getting started with the product, one section per everyday task. */
export function HelpPage() {
  return (
    <div className="grid max-w-3xl gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Help</h1>
        <p className="mt-1 text-sm text-muted-foreground">Getting started with Wholesail: from your first sign-in to a day of calls and texts.</p>
      </header>
      <nav aria-label="Help topics" className="rounded-xl border bg-card p-4 text-sm">
        <ol className="grid list-decimal gap-1 pl-5 sm:grid-cols-2">
          {TOPICS.map(({ id, title }) => (
            <li key={id}>
              <a href={`#${id}`} className="font-medium text-primary hover:underline">
                {title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <article className={PROSE_CLASS}>
        <h2 id="sign-in">Signing in</h2>
        <ul>
          <li>
            Sign in at <Link to="/login">/login</Link> with your email and password. Accounts come from invitations: an owner or admin of your
            organization invites you from <Link to="/settings">Settings</Link>, and the link in the email sets up your account. Public sign-up is
            closed.
          </li>
          <li>
            Forgot your password? Choose “Forgot your password?” on the sign-in screen; the emailed link works once and expires after an hour.
          </li>
          <li>
            Evaluating Wholesail on a server started with <code>npm start</code>? It creates the organization “Demo Realty” and prints a demo
            sign-in when it starts: <code>demo@wholesail.test</code> and a password generated for that installation (unless the operator chose them).
          </li>
          <li>You stay signed in for a week of inactivity and at most 30 days (the server’s defaults). After signing in you return to the page you were on.</li>
        </ul>

        <h2 id="import">Importing leads from a CSV</h2>
        <ol>
          <li>
            Open <Link to="/leads">Leads</Link> and choose <strong>Import CSV</strong>.
          </li>
          <li>
            Pick a CSV file with a header row (up to {IMPORT_MAX_BYTES / 1024 / 1024} MB). Wholesail proposes a lead field for each column it
            recognises.
          </li>
          <li>
            Check the mapping. Columns it did not recognise are not imported unless you map them; a sample of your rows shows what will go where.
          </li>
          <li>
            Start the import. It runs in the background, so you can keep working; the dialog shows rows read, inserted, updated and skipped, with
            the reason for each skipped row.
          </li>
        </ol>
        <p>
          New leads are then enriched with property data and scored, when those AI features are on in your organization’s settings. To add a
          single property, choose <strong>Add lead</strong> on the <Link to="/leads">Leads</Link> page, look up its address and choose{' '}
          <strong>Add to Leads</strong>.
        </p>

        <h2 id="calling">Calling from the browser</h2>
        <ul>
          <li>
            Choose <strong>Call</strong> on a lead (in the list, on the lead’s page or in the Top 10), or open{' '}
            <Link to="/communications?tab=send">Communications → Dialer</Link>. On Twilio, allow the browser to use your microphone.
          </li>
          <li>
            <strong>Which line?</strong> An admin picks the voice line in <Link to="/settings/voice-dialer">Settings → Voice &amp; Dialer</Link>.
            With Twilio configured on the server, calls go out to real phones from your organization’s numbers. Otherwise calls go to the{' '}
            <strong>demo line</strong>: nothing reaches a real phone, the call rings for about two seconds and a scripted seller answers, so you can
            practice and see the transcript and coaching work.
          </li>
          <li>
            <strong>Caller ID</strong> is the number the lead was last called from, else your default number, else the organization’s primary
            number. Set your default in Settings → Voice &amp; Dialer.
          </li>
          <li>
            During the call both speakers appear in the <strong>Live Script</strong> as they talk, and the <strong>AI Live Coaching</strong> card
            suggests what to say. Mute and the keypad are beside the call button; the lead’s details open in the side panel.
          </li>
          <li>If the Call button is disabled, its message says why: the lead is on the Do Not Call list, it is outside calling hours, or another agent is already on a call with this lead.</li>
        </ul>

        <h2 id="post-call">After the call: outcomes</h2>
        <p>
          When a call ends, the <strong>Post-Call Actions</strong> dialog opens with a summary of the call. Choose the <strong>Call Outcome</strong>{' '}
          (required): {list(CALL_OUTCOMES.map((o) => CALL_OUTCOME_LABELS[o]))}.
        </p>
        <ul>
          <li>A follow-up date can be set for {list(FOLLOW_UP_OUTCOMES.map((o) => CALL_OUTCOME_LABELS[o]))}; it must be in the future.</li>
          <li>Add notes, and tick <strong>Mark as Do Not Call (DNC)</strong> if the seller asked not to be contacted; it is ticked for you when they said so on the call.</li>
          <li>
            <strong>Complete Call</strong> saves the outcome on the lead and its history. <strong>Skip for Now</strong> closes the dialog; the call is
            then wrapped up automatically after 10 seconds, unless you have typed notes that would be lost.
          </li>
        </ul>

        <h2 id="texting">Texting and opt-outs</h2>
        <ul>
          <li>
            Open <Link to="/communications?tab=conversations">Communications → Conversations</Link> and pick a lead. Texts go out on the same line
            as calls (Twilio, or the demo line where the demo seller replies).
          </li>
          <li>Templates fill in the lead’s name and address. Delivery status shows under each message.</li>
          <li>
            A reply of {list(OPT_OUT_KEYWORDS)} on its own, or a clear request like “stop texting me”, puts the number that texted, and every
            number of its lead, on the Do Not Contact list at once: no one can call or text them, through any lead. {list(OPT_IN_KEYWORDS)} from
            that number later takes those listings off again.
          </li>
        </ul>

        <h2 id="compliance">Do Not Call and calling hours</h2>
        <ul>
          <li>Every call and text is checked first. Leads on the Do Not Call list cannot be called or texted by anyone in the organization.</li>
          <li>
            Calls and texts follow the telephone-solicitation hours of the lead’s state, by weekday and in the lead’s local time: for example
            Texas 9:00–21:00 and from noon on Sundays, Florida 8:00–20:00, no Sundays in Alabama, Louisiana, Mississippi, Rhode Island and Utah,
            and no legal holidays in Alabama, Pennsylvania, Rhode Island and Utah; elsewhere 8:00–21:00. The time zone comes from the
            property’s state and ZIP code, else the mailing address; with no location, calls are allowed only while every state allows them
            in every US time zone. A refused call says which rule applies and when calling opens.
          </li>
          <li>
            A number is called at most 3 times in 24 hours, whichever lead it belongs to (Florida’s limit, the safe default everywhere); admins
            can set 1 to 10 in Settings → Voice &amp; Dialer. The next call is allowed once the oldest of those calls is 24 hours old.
          </li>
          <li>
            Admins can switch the calling-hours check off in Settings → Voice &amp; Dialer (for example, for leads who asked to be called in the
            evening). Every change is recorded in the activity log. The Do Not Call check cannot be switched off.
          </li>
          <li>
            The Do Not Contact list is kept by phone number: marking a lead Do Not Call (on the lead, or in the post-call dialog) lists all its
            numbers, so every lead that shares one of them is blocked too. Search the list, add or import numbers and export it in{' '}
            <Link to={dncScreenHref()}>Settings → Voice &amp; Dialer → Do Not Contact</Link>; only owners and admins remove a number, with a reason.
          </li>
        </ul>

        <h2 id="shortcuts">Keyboard shortcuts</h2>
        <ProseTable
          head={['Where', 'Key', 'Does']}
          rows={[
            ['Dialer', <kbd key="k">Esc</kbd>, 'Close the dialer'],
            ['Dialer', <kbd key="k">N</kbd>, 'Focus the call notes'],
            ['Dialer', <kbd key="k">L</kbd>, 'Show or hide the lead details panel'],
            ['Dialer, during a call', <kbd key="k">0–9 * #</kbd>, 'Send keypad tones'],
            ['Conversations', <kbd key="k">Enter</kbd>, 'Send the message (Shift+Enter for a new line)'],
            ['Leads list', <kbd key="k">Enter</kbd>, 'Open the focused lead'],
          ]}
        />
        <p>The single-key shortcuts do nothing while you are typing in a field.</p>

        <h2>Still stuck?</h2>
        <p>
          Ask an admin of your organization, or write to <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a> with what you did and what you saw.
        </p>
      </article>
    </div>
  );
}
