/** better-auth endpoints under /api/auth. */
import { apiRequest } from '@/lib/api';

export type SessionUser = { id: string; email: string; name: string };
export type SessionData = { session: { id: string; expiresAt: string }; user: SessionUser };

export const RESET_PASSWORD_PATH = '/reset-password';

export function getSession(): Promise<SessionData | null> {
  return apiRequest<SessionData | null>('/api/auth/get-session');
}

export function signInWithEmail(body: { email: string; password: string }): Promise<{ user: SessionUser }> {
  return apiRequest('/api/auth/sign-in/email', { method: 'POST', body });
}

export function signUpWithEmail(body: { name: string; email: string; password: string }): Promise<unknown> {
  return apiRequest('/api/auth/sign-up/email', { method: 'POST', body });
}

export function signOutRequest(): Promise<unknown> {
  return apiRequest('/api/auth/sign-out', { method: 'POST', body: {} });
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return apiRequest('/api/auth/request-password-reset', { method: 'POST', body: { email, redirectTo: RESET_PASSWORD_PATH } });
}

export function resetPassword(body: { newPassword: string; token: string }): Promise<unknown> {
  return apiRequest('/api/auth/reset-password', { method: 'POST', body });
}
