/** Texts of the phone-number settings (dialer.md §8 "Phone numbers and organization", word for word). */
export const PHONE_TOASTS = {
  loadError: 'Error loading phone numbers',
  loadErrorDescription: 'Could not load organization phone numbers. Please check your connection and try again.',
  assignFailed: 'Failed to assign phone number',
  assigned: 'Phone number assigned successfully',
} as const;

export const NO_PHONE_NUMBERS = {
  title: 'No phone numbers configured for your organization',
  description: 'Configure phone numbers in Voice & Dialer Settings to start making calls',
} as const;

export const CALLING_HOURS_LABEL = "Enforce calling hours (the lead's state rules in the lead's local time; 8:00 AM–9:00 PM where the state sets none)";
export const VOICE_LINE_CHOICES = {
  auto: 'Automatic (Twilio when configured, otherwise the demo line)',
  twilio: 'Twilio',
  demo: 'Demo line (no carrier; a scripted seller answers)',
} as const;

export const CALLS_PER_NUMBER_LABEL = 'Calls to the same number in 24 hours';
