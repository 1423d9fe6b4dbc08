/** Where the public footers and pages point visitors for help, status and contact. */
export const SUPPORT_EMAIL = 'support@wholesail.test';
export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;
/** The public status page, which reads the server's health check (/api/health) and says it in words. */
export const STATUS_URL = '/status';
