/** User-visible texts from the spec, word for word. */
export const SIGN_UP_DISABLED_MESSAGE =
  'Account creation is currently disabled. Please contact your administrator for access.';

export const TOASTS = {
  signInFailed: 'Sign in failed',
  signOutFailed: 'Sign out failed',
  signUpDisabled: 'Sign up disabled',
  passwordResetFailed: 'Password reset failed',
  checkEmail: 'Check your email',
  checkEmailDescription: "We sent you a password reset link. Check your spam folder if you don't see it.",
  createOrgFailed: 'Failed to create organization',
  createOrgFailedDescription: 'Please try again or contact support.',
  noOrganization: 'No organization found',
  noOrganizationDescription: 'Please create an organization first.',
  updateOrgFailed: 'Failed to update organization',
  welcomeBack: 'Welcome back!',
  signedOut: 'Signed out',
  organizationCreated: 'Organization created',
  organizationUpdated: 'Organization updated',
} as const;

export const CRASH_SCREEN = {
  title: 'Something went wrong',
  description: 'An error occurred while rendering this component.',
} as const;

export const LOADING_TEXT = 'Loading...';
