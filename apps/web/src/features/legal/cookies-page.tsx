import { PublicPageShell } from './public-page-shell';

export function CookiesPage() {
  return (
    <PublicPageShell title="Cookies Policy">
      <p>Wholesail uses only the cookies and browser storage it needs to work.</p>
      <h2>Session cookie</h2>
      <p>When you sign in, an HttpOnly session cookie keeps you signed in. It is removed when you sign out or when the session expires.</p>
      <h2>Browser storage</h2>
      <p>
        The app remembers the last page you visited for the current browser session, and when it last greeted you, so that it can return
        you to your work and avoid repeating messages.
      </p>
      <h2>No tracking</h2>
      <p>We do not use advertising or cross-site tracking cookies.</p>
    </PublicPageShell>
  );
}
