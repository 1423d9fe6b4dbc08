/** Links into the Do Not Contact screen, apart from its components so that a link does not load them. */
export const DNC_SCREEN_PATH = '/settings/voice-dialer/do-not-contact';

/** The screen, its search prefilled with `phone` when given. */
export function dncScreenHref(phone?: string): string {
  return phone ? `${DNC_SCREEN_PATH}?search=${encodeURIComponent(phone)}` : DNC_SCREEN_PATH;
}
