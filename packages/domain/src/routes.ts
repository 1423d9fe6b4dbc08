/** Route rules of platform.md §2 and dialer.md §2, shared so guards and tests agree. */
export const DEFAULT_ROUTE = '/dashboard';

/** The query parameter of the texting screen that opens a lead's thread. */
export const CONVERSATION_LEAD_PARAM = 'lead';

/** Links to screens, built the same way by the web and by the server (a notification's link). */
export const screenLinks = {
  leads: '/leads',
  developer: '/developer',
  lead: (leadId: string) => `/leads/${encodeURIComponent(leadId)}`,
  deal: (dealId: string) => `/deals/${encodeURIComponent(dealId)}`,
  conversation: (leadId: string) => `/communications?tab=conversations&${CONVERSATION_LEAD_PARAM}=${encodeURIComponent(leadId)}`,
} as const;

export const PUBLIC_PATHS = [
  '/', '/login', '/signup', '/reset-password', '/about', '/privacy', '/privacy-policy',
  '/terms-of-service', '/cookies-policy', '/accept-invitation',
] as const;

export const REDIRECTS: Readonly<Record<string, string>> = {
  '/terms': '/terms-of-service',
  '/home': '/dashboard',
  '/leads-manager': '/leads',
  '/lead': '/leads',
};

export const NOTICE_PAGES = {
  '/dialer': { kind: 'dialer', target: '/communications?tab=send' },
  '/voice-dashboard': { kind: 'dialer', target: '/communications?tab=send' },
  '/sms-manager': { kind: 'messaging', target: '/communications?tab=conversations' },
  '/sms': { kind: 'messaging', target: '/communications?tab=conversations' },
} as const;

/** Routes remembered as "last route" (platform.md §2), matched by pattern. */
const REMEMBERED_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/login$/, /^\/reset-password$/, /^\/accept-invitation(\/[^/]+)?$/, /^\/dashboard$/, /^\/leads$/,
  /^\/leads\/[^/]+$/, /^\/dialer$/, /^\/growth$/, /^\/buyers$/, /^\/buyers\/[^/]+$/, /^\/comps\/[^/]+$/,
  /^\/settings(\/[^/]+)?$/, /^\/settings\/voice-dialer\/do-not-contact$/, /^\/billing$/, /^\/sms$/, /^\/communications$/, /^\/integrations$/,
  /^\/developer$/, /^\/help$/, /^\/debug$/,
];

export function isRememberedRoute(pathname: string): boolean {
  return REMEMBERED_ROUTE_PATTERNS.some((p) => p.test(pathname));
}

/** Routes a signed-in user should never be sent back to after signing in. */
const AUTH_ONLY_PATHS = new Set(['/login', '/signup', '/reset-password', '/']);

/** A password-recovery link that landed on /login goes to /reset-password (dialer.md §2 "/login"). */
export function recoveryDestination(input: { search: string; hash: string }): string | null {
  const params = new URLSearchParams(input.search);
  const redirect = params.get('redirect');
  if (params.has('token') || params.has('access_token') || input.hash.includes('type=recovery') || redirect === '/reset-password') {
    const token = params.get('token') ?? params.get('access_token');
    return token ? `/reset-password?token=${encodeURIComponent(token)}` : '/reset-password';
  }
  return null;
}

/** After sign-in, or for a visitor who is already signed in: where to go next. */
export function postLoginDestination(input: {
  redirect: string | null;
  currentPath?: string;
  lastRoute: string | null;
}): string {
  const safe = (p: string | null | undefined) => (p && p.startsWith('/') && !p.startsWith('//') ? p : null);
  const redirect = safe(input.redirect);
  if (redirect) return redirect;
  const current = safe(input.currentPath);
  if (current && !AUTH_ONLY_PATHS.has(current.split('?')[0]!)) return current;
  const last = safe(input.lastRoute);
  if (last && !AUTH_ONLY_PATHS.has(last.split('?')[0]!)) return last;
  return DEFAULT_ROUTE;
}
