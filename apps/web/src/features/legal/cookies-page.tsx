import { API_CACHE_NAME } from '@wholesail/domain';
import { LEGAL_UPDATED, ProseTable, PublicPageShell } from './public-page-shell';

/** The cookie and the browser storage this app really uses (lib/storage.ts, the dialer layout, offline support). */
export function CookiesPage() {
  return (
    <PublicPageShell title="Cookies Policy" updated={LEGAL_UPDATED} intro="Wholesail sets one cookie and keeps a few things in your browser, all of them needed for the app to work.">
      <h2>The session cookie</h2>
      <ProseTable
        head={['Name', 'Purpose', 'Lifetime']}
        rows={[
          [
            <>
              <code>wholesail.session_token</code> (<code>__Secure-wholesail.session_token</code> over HTTPS)
            </>,
            'Keeps you signed in. Set by the sign-in service when you sign in; HttpOnly (page scripts cannot read it), SameSite=Lax, and Secure over HTTPS.',
            'Removed when you sign out. Expires after 7 days without use and at the latest 30 days after sign-in (the server’s defaults).',
          ],
        ]}
      />
      <p>
        Without it you cannot sign in; the public pages work without it. Wholesail sets no other cookies: no analytics, advertising or
        cross-site tracking cookies.
      </p>

      <h2>Browser storage</h2>
      <p>These stay on your device and are not sent to anyone:</p>
      <ProseTable
        head={['Where', 'Key', 'What it holds']}
        rows={[
          ['Session storage', <code key="k">wholesail:last-route</code>, 'The last page you visited in this tab, so that signing in again returns you to it. Gone when the tab closes.'],
          ['Session storage', <code key="k">wholesail:said:voice-ready</code>, 'That “Voice system ready” was already said in this tab, so it is said once, not each time the dialer opens. Gone when the tab closes.'],
          ['Local storage', <code key="k">wholesail:last-welcome-at</code>, 'When the “Welcome back!” message was last shown, so it appears at most once every 30 minutes.'],
          ['Local storage', <code key="k">wholesail:offline-session</code>, 'Who is signed in (your name and email and the session’s expiry; never its token), so the app can open without a connection. Removed on sign-out.'],
          ['Local storage', <code key="k">react-resizable-panels:lead-dialer-layout:…</code>, 'The width you gave the lead details panel beside the dialer.'],
          ['IndexedDB', <code key="k">wholesail-offline</code>, 'Call outcomes and notes saved while offline, until they are sent.'],
          [
            'Cache storage',
            <code key="k">{API_CACHE_NAME}</code>,
            'Data you have already seen (lead lists, a lead’s details), to show while offline. Cleared on sign-out; the app’s own files are cached alongside it by the service worker.',
          ],
        ]}
      />

      <h2>Google Maps</h2>
      <p>
        When your organization has a Google Maps key, address fields and Street View load Google’s Maps script from Google, which may use its own
        cookies or storage under Google’s policies. Without a key, nothing is loaded from Google and addresses are typed as plain text.
      </p>

      <h2>Managing them</h2>
      <p>
        Signing out removes the session cookie and the data kept for offline use. Your browser’s “clear site data” removes everything listed here;
        you will need to sign in again.
      </p>
    </PublicPageShell>
  );
}
