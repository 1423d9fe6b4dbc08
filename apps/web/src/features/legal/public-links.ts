/** Where the public footers and pages point visitors for help, status and contact. */
export const SUPPORT_EMAIL = 'support@wholesail.test';
export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;
/** The server's own health check: database reachable or not. */
export const STATUS_URL = '/api/health';
