/** Constants from platform.md §9 and dialer.md §9 that this code base uses. */
export const PRODUCT_NAME = 'Wholesail';
export const PAGE_TITLE = `${PRODUCT_NAME} - Real Estate Investment Platform`;

export const WELCOME_TOAST_THROTTLE_MS = 30 * 60 * 1000;
export const TOAST_AUTO_DISMISS_MS = 2000;
export const CRASH_RETRIES = 3;
export const ERROR_BOUNDARY_RESET_MS = 100;
export const REDIRECT_NOTICE_DELAY_MS = 3000;
export const TOOLTIP_DELAY_MS = 700;
export const QUERY_RETRIES = 3;
export const QUERY_MAX_RETRY_DELAY_MS = 30_000;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
export const SERVICE_WORKER_UPDATE_CHECK_MS = 30 * 60 * 1000;
export const SLOW_OPERATION_WARNING_MS = 2000;

/** How often the browser re-reads the session, which also slides its expiry forward. */
export const SESSION_REFRESH_INTERVAL_MS = 5 * 60 * 1000;
