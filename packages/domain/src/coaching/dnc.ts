import type { CoachingSuggestion } from './types';

/**
 * Do-not-call detection on a lead's line: a request for no more contact has to be honoured on the spot.
 *
 * The line is split into clauses at punctuation, so "Stop, let me think" is a pause, not a request. Decided
 * edge cases (see dnc.test.ts):
 * - a time preference is not a request: "don't call me before noon", "don't call me at work", "please
 *   don't call me until after 5" are negatives (the lead still wants calls);
 * - "don't call me, I'll call you" and "don't call me at all" are positives;
 * - the lead describing their own habit is not a request: "I do not call back strangers", "I never call back";
 * - "call me back later", "I'm not interested" and "not right now" alone are negatives;
 * - saying they are on, or asking to be put on, a do-not-call list is a positive.
 */

const NEGATION = String.raw`(?:do not|don't|dont|never|no longer|not to|to not)(?:\s+want\s+(?:you|anyone|anybody|you people|you guys)(?:\s+to)?)?(?:\s+bother)?`;
const CONTACT_VERB = String.raw`(?:call|contact|phone|ring|text|message)(?:ing)?`;
const OBJECT = String.raw`(?:me|us|this number|my number|this phone|my phone|here|this house)`;

/** Whole requests: any clause containing one of these is a request for no more contact. */
const REQUESTS: readonly RegExp[] = [
  // stop / quit calling (me), stop contacting me, stop bothering us — but not "don't stop calling"
  new RegExp(String.raw`(?<!(?:don't|dont|do not|never) )\b(?:stop|quit|cease)\s+(?:calling|contacting|texting|phoning|bothering|harassing|ringing|messaging)\b`),
  // take me off your list, remove my number from the list, get us off your calling list
  new RegExp(String.raw`\b(?:take|remove|delete|get|scratch|cross|strike|drop)\s+(?:me|us|my (?:phone )?number|this (?:phone )?number|my name|my info(?:rmation)?)\s+(?:off|from|out of)\s+(?:of\s+)?(?:your|the|this|that|all|any)\s+(?:\w+\s+){0,2}list`),
  // stop the calls, stop all these texts
  /\bstop\s+(?:the|these|those|all the|all these|your)\s+(?:phone\s+)?(?:calls|texts)\b/,
  // remove my number, delete my number, lose my number
  /\b(?:remove|delete|lose|erase|forget)\s+(?:my|this)\s+(?:phone\s+)?number\b/,
  // put me on your do not call list, add my number to the dnc list
  /\b(?:put|add|place|register|sign|keep)\s+(?:me|us|my (?:phone )?number|this (?:phone )?number)\s+(?:on|to|in)\s+(?:your|the|a|that)\s+(?:national\s+)?(?:do not call|no call|dnc|do not contact|no contact)\s+(?:list|registry)/,
  // I'm on the do not call list, my number is on the national do not call registry
  /\b(?:i'm|i am|im|we're|we are|my number is|this number is|i'm already|i am already)\s+(?:already\s+)?(?:on|registered (?:on|with)|listed on)\s+(?:the|a|your)\s+(?:national\s+)?(?:do not call|dnc|no call)\s+(?:list|registry)/,
  // no more calls, no more calling
  /\bno more (?:phone )?(?:calls|calling|texts)\b/,
  // just leave me alone (at the end of a clause)
  /\bleave (?:me|us) alone(?: please)?$/,
];

/** "don't call me …": what may follow and still be a request, and what turns it into a time preference. */
const STILL_A_REQUEST = /^(?:again|anymore|any more|ever|at all|no more|period|please|on this number|here|about this)\b/;
const TIME_PREFERENCE =
  /^(?:before|after|until|till|til|on|at|during|in the|tomorrow|today|tonight|this|next|between|around|early|late|so early|so late|right now|now|while|for (?:a|the|an)|on weekends|weekends|mornings|evenings|yet)\b/;

const NEGATED_CONTACT = new RegExp(String.raw`\b${NEGATION}\s+(?:ever\s+)?${CONTACT_VERB}\b(?:\s+(${OBJECT})\b)?(.*)$`);
/** The lead describing their own habit: "I do not call back strangers", "we never text". */
const HABIT = new RegExp(String.raw`\b(?:i|we|they|he|she)\s+(?:do not|don't|dont|never|no longer)\s+(?:ever\s+)?${CONTACT_VERB}\b`);

function negatedContactRequest(clause: string): boolean {
  const match = NEGATED_CONTACT.exec(clause);
  if (!match || HABIT.test(clause)) return false;
  const hadObject = match[1] !== undefined;
  const rest = (match[2] ?? '').trim().replace(/^back\b\s*/, '');
  if (rest === '' || STILL_A_REQUEST.test(rest)) return true;
  // Without an object only the end of the clause counts: "don't call back" is a request, "do not call back strangers" is not.
  if (!hadObject) return false;
  return !TIME_PREFERENCE.test(rest);
}

function clauses(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/-/g, ' ')
    .split(/[.!?;,:\n]+|\bbut\b|\band then\b/)
    .map((c) => c.replace(/["()]/g, ' ').replace(/\s+/g, ' ').trim())
    .filter((c) => c.length > 0);
}

/** Whether the lead asked not to be contacted again. */
export function detectDoNotCall(text: string): boolean {
  return clauses(text).some((clause) => REQUESTS.some((pattern) => pattern.test(clause)) || negatedContactRequest(clause));
}

export const DNC_CONFIDENCE = 0.95;

/** The objection alert shown first when the lead asks not to be called again. */
export function doNotCallSuggestion(): CoachingSuggestion {
  return {
    text: "The lead asked not to be contacted again. Apologise, confirm you are removing their number from your list (\"I'm sorry for the trouble. I'm taking your number off our list now and you won't hear from us again.\"), then end the call politely.",
    priority: 'high',
    type: 'objection_alert',
    confidence: DNC_CONFIDENCE,
    rationale: 'A do-not-call request must be honoured at once: continuing to pitch risks a telemarketing violation. Mark the lead Do Not Call in the post-call actions.',
  };
}
