/** The header's section anchors (dialer.md §2 "Landing page"), in page order. */
export const LANDING_ANCHORS = [
  { id: 'features', label: 'Features' },
  { id: 'value', label: 'Value' },
  { id: 'results', label: 'Results' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'faq', label: 'FAQ' },
] as const;

export type LandingAnchorId = (typeof LANDING_ANCHORS)[number]['id'];

export function isLandingAnchor(id: string): id is LandingAnchorId {
  return LANDING_ANCHORS.some((anchor) => anchor.id === id);
}

/**
 * Scrolls smoothly to a section (instantly for visitors who ask for reduced motion) and puts its
 * anchor in the address bar without a navigation. False when the section is not on the page.
 */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  window.history.replaceState(window.history.state, '', `#${id}`);
  return true;
}
