import { formatUsd } from '../leads/display';
import type { CoachingLeadContext, CoachingSuggestion } from './types';

/**
 * Instant pattern coaching (dialer.md §9): what the coach says from the lead's words alone, before and
 * without a language model. Words match whole and in any case.
 */

/** Price words give a high-priority response script at 0.9 confidence. */
export const PRICE_PATTERN = /\b(?:price|low|worth|offer)\b/i;
/** Timing words give a response script at 0.85 confidence quoting the typical close. */
export const TIMING_PATTERN = /\b(?:time|rush|when|timeline)\b/i;
/** Doubts about who is calling or whether the offer is real. */
export const TRUST_PATTERN =
  /\b(?:trust|legit|legitimate|scam|scams|scammer|scammers|fraud|reviews?|references?|who are you|who is this|how do i know|how can i know|is this real|sounds too good|too good to be true|rip ?off)\b/i;

export const PRICE_CONFIDENCE = 0.9;
export const TIMING_CONFIDENCE = 0.85;
export const TRUST_CONFIDENCE = 0.85;
/** Typical close time quoted to the lead. */
export const TYPICAL_CLOSE = '7-14 days';

export type TestScenario = 'price' | 'timing' | 'trust';

/** Sample lead lines for the debug panel's manual test buttons; each triggers exactly its own pattern. */
export const TEST_SCENARIOS: Readonly<Record<TestScenario, string>> = {
  price: "What's your offer? I think the house is worth a lot more than that price.",
  timing: "I'm in a bit of a rush. What's your timeline to close?",
  trust: "How do I know you're legit and this isn't some kind of scam?",
};

const normalise = (text: string) => text.replace(/[\u2018\u2019]/g, "'");

function priceScript(lead: CoachingLeadContext | null | undefined): CoachingSuggestion {
  const place = lead?.property_address ? ` on ${lead.property_address}` : '';
  const anchors: string[] = [];
  if (lead?.equity_amount !== null && lead?.equity_amount !== undefined && lead.equity_amount > 0) {
    anchors.push(`From what I can see you have about ${formatUsd(lead.equity_amount)} of equity in the house${place}, and our cash offer protects that: no repairs, no agent commissions, no closing costs.`);
  } else {
    anchors.push('Our offer is cash and as-is: no repairs, no agent commissions and no closing costs, so what we offer is close to what you walk away with.');
  }
  if (lead?.is_vacant) anchors.push('An empty house keeps costing you taxes, insurance and upkeep every month it sits.');
  const text = [
    'I completely understand, the price has to work for you.',
    ...anchors,
    'What number would you need to make this worth it for you?',
  ].join(' ');
  return {
    text,
    priority: 'high',
    type: 'response_script',
    confidence: PRICE_CONFIDENCE,
    rationale: 'The lead raised price or value: acknowledge it, anchor on their net (equity, condition, costs avoided) rather than the list price, and let them name a number first.',
  };
}

function timingScript(lead: CoachingLeadContext | null | undefined): CoachingSuggestion {
  const place = lead?.property_address ? ` ${lead.property_address}` : ' the house';
  return {
    text: `We can usually close in ${TYPICAL_CLOSE}, and you pick the date, so you're not stuck waiting on bank approvals or showings for${place}. What date would work best for you?`,
    priority: 'medium',
    type: 'response_script',
    confidence: TIMING_CONFIDENCE,
    rationale: `The lead asked about timing: a fast, flexible close (${TYPICAL_CLOSE}) is the main advantage over listing, and asking for their date uncovers their deadline.`,
  };
}

function trustScript(): CoachingSuggestion {
  return {
    text: "That's a fair question, and you should check us out. We close through a licensed local title company, you pay nothing up front, and no money changes hands until closing. I can send you our company details and reviews from sellers near you today. What would help you feel comfortable?",
    priority: 'high',
    type: 'response_script',
    confidence: TRUST_CONFIDENCE,
    rationale: 'The lead doubts who you are: slow down, be transparent, offer proof they can verify (title company, reviews) and ask what would earn their trust.',
  };
}

/** The instant suggestions for one lead line: price, timing, then trust, each at most once. */
export function instantSuggestions(text: string, lead?: CoachingLeadContext | null): CoachingSuggestion[] {
  const line = normalise(text);
  const out: CoachingSuggestion[] = [];
  if (PRICE_PATTERN.test(line)) out.push(priceScript(lead));
  if (TIMING_PATTERN.test(line)) out.push(timingScript(lead));
  if (TRUST_PATTERN.test(line)) out.push(trustScript());
  return out;
}
