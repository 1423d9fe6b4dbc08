/** better-auth endpoints under /api/auth. */
import { apiRequest } from '@/lib/api';

export type SessionUser = { id: string; email: string; name: string };
export type SessionData = { session: { id: string; expiresAt: string }; user: SessionUser };

export const RESET_PASSWORD_PATH = '/reset-password';
/** Settings → Change password (features/auth/change-password-page.tsx), linked from the account menu. */
export const CHANGE_PASSWORD_PATH = '/settings/password';

export function getSession(): Promise<SessionData | null> {
  return apiRequest<SessionData | null>('/api/auth/get-session');
}

export function signInWithEmail(body: { email: string; password: string }): Promise<{ user: SessionUser }> {
  return apiRequest('/api/auth/sign-in/email', { method: 'POST', body });
}

export function signOutRequest(): Promise<unknown> {
  return apiRequest('/api/auth/sign-out', { method: 'POST', body: {} });
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return apiRequest('/api/auth/request-password-reset', { method: 'POST', body: { email, redirectTo: RESET_PASSWORD_PATH } });
}

/** The server always signs the account's other sessions out; this one gets a new session cookie. */
export function changePassword(body: { currentPassword: string; newPassword: string }): Promise<unknown> {
  return apiRequest('/api/auth/change-password', { method: 'POST', body });
}

export function resetPassword(body: { newPassword: string; token: string }): Promise<unknown> {
  return apiRequest('/api/auth/reset-password', { method: 'POST', body });
}
