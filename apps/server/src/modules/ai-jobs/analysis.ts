import { z } from 'zod';
import { detectOptOut, SENTIMENTS, type Sentiment } from '@wholesail/domain';
import type { ChatMessage } from '../../providers/llm';

/**
 * analyze_conversation_with_ai (platform.md §7): the sentiment of a message, the seller's motivation
 * signals, their objections and the next step. Rules from the words alone, or the language model's JSON when one is
 * configured; a request not to be contacted is always read by the rule (it must be honoured).
 */


export interface ConversationAnalysis {
  sentiment: Sentiment;
  motivation_signals: string[];
  /** What holds the seller back (price, timing, an agent, ...), as short phrases. */
  objections: string[];
  next_step: string;
}

export interface MessageInput {
  body: string;
  direction: 'inbound' | 'outbound';
}

const normalise = (text: string) => text.toLowerCase().replace(/[\u2018\u2019`]/g, "'").replace(/\s+/g, ' ');

/** Phrases that say why a seller may want to sell; each names one signal. Also read in call notes by scoring. */
const MOTIVATION_PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:need|needs|have|has|got) to sell\b|\bmust sell\b|\bwant(?:s)? to sell\b|\bready to sell\b|\blooking to sell\b/, 'Wants to sell'],
  [/\bbehind on\b|\bmissed (?:a |some |my )?(?:mortgage |house )?payments?\b|\bforeclos/, 'Financial distress'],
  [/\bdivorc/, 'Divorce'],
  [/\bprobate\b|\binherit|\bpassed away\b|\bestate of\b/, 'Inherited property'],
  [/\brelocat|\bmoving (?:out|away|to)\b|\bjob transfer\b|\btransferred\b/, 'Relocating'],
  [/\brepairs?\b|\bfixer\b|\bneeds (?:a lot of )?work\b|\bas[- ]is\b|\bfoundation\b|\broof\b/, 'Property needs repairs'],
  [/\btenants?\b.*\b(?:problem|trouble|won't pay|not paying|damage)|\btired of (?:being a )?landlord|\bbad tenants?\b/, 'Tired landlord'],
  [/\bvacant\b|\bempty\b|\bnobody lives\b|\bno one lives\b/, 'Vacant property'],
  [/\basap\b|\bquick(?:ly)?\b|\bfast\b|\bright away\b|\bsoon as possible\b/, 'Wants a quick sale'],
  [/\bhow much\b|\bwhat(?:'s| is| would be) (?:your|the) offer\b|\bmake (?:me )?an offer\b|\bcash offer\b|\bwhat would you (?:pay|give)\b/, 'Asked about an offer'],
];

/** The motivation signals named in a text, each once, in the order of the list above. */
export function motivationSignalsIn(text: string): string[] {
  const t = normalise(text);
  return MOTIVATION_PHRASES.filter(([pattern]) => pattern.test(t)).map(([, signal]) => signal);
}

/** Phrases that hold a seller back; each names one objection. */
const OBJECTION_PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\btoo low\b|\blowball|\bworth more\b|\bmore than that\b|\bnot enough\b|\bwant(?:s)? (?:full|market|retail) (?:price|value)\b/, 'Price too low'],
  [/\bnot ready\b|\bnot (?:right )?now\b|\bmaybe (?:later|next year)\b|\bin a few (?:months|years)\b|\bnot yet\b/, 'Not ready to sell yet'],
  [/\b(?:realtor|real estate agent|listing agent|listed (?:it )?with)\b|\bour agent\b|\bmy agent\b/, 'Working with an agent'],
  [/\btalk (?:to|with) my (?:wife|husband|spouse|partner|family|kids)\b|\bask my (?:wife|husband|spouse|partner)\b/, 'Needs to consult family'],
  [/\bthink about it\b|\bneed (?:some )?time\b|\blet me think\b/, 'Wants time to think'],
  [/\bother offers?\b|\bsomeone else offered\b|\banother investor\b/, 'Has other offers'],
  [/\bhow did you get (?:my|this) number\b|\bwho (?:is this|are you)\b|\bscam\b/, 'Distrusts the contact'],
];

/** The objections named in a text, each once, in the order of the list above. */
export function objectionsIn(text: string): string[] {
  const t = normalise(text);
  return OBJECTION_PHRASES.filter(([pattern]) => pattern.test(t)).map(([, objection]) => objection);
}

const NOT_INTERESTED =
  /\bnot interested\b|\bno thanks?\b|\bno thank you\b|\bnot (?:selling|for sale)\b|\bnot going to sell\b|\bwon't sell\b|\bnever sell(?:ing)?\b|\bdon't want to sell\b|\balready sold\b|\bgo away\b|\bscam\b|\bleave (?:me|us) alone\b/;
const WRONG_NUMBER = /\bwrong (?:number|person)\b|\bdon't own\b|\bnot the owner\b|\bno one by that name\b/;
const POSITIVE =
  /\binterested\b|\byes\b|\byeah\b|\bsure\b|\bsounds good\b|\bcall me\b|\bgive me a call\b|\bopen to\b|\bthanks?\b|\bthank you\b|\bgreat\b|\blet's talk\b|\bwould consider\b/;

/** Whether a text says the seller is not selling or not interested (read in call notes too). */
export const saysNotInterested = (text: string) => NOT_INTERESTED.test(normalise(text));

const NEXT_STEPS = {
  optOut: 'Honor the request: mark the lead do-not-contact and stop all calls and texts.',
  wrongNumber: 'Wrong number: mark this number as wrong and look for another way to reach the owner.',
  notInterested: 'Stop outreach for now and set a follow-up in 90 days.',
  makeOffer: 'Call now to discuss price and make a cash offer.',
  qualify: 'Call to qualify: timeline, condition of the property and asking price.',
  answer: "Answer the lead's question by text and offer a quick call.",
  awaitReply: 'Wait for a reply; follow up in 2 days if there is none.',
  followUp: 'Send a friendly follow-up in 2 days.',
} as const;

/** An inbound message asking not to be contacted again: the texting opt-out rule (STOP keywords and plain language). */
export const isOptOut = (message: MessageInput) => message.direction === 'inbound' && detectOptOut(message.body) === 'opt_out';

/** The rule-based analysis of `message`, reading the lead's other messages (oldest first) for signals. */
export function ruleAnalysis(message: MessageInput, others: readonly MessageInput[] = []): ConversationAnalysis {
  const inboundTexts = [...others, message].filter((m) => m.direction === 'inbound').map((m) => m.body);
  const signals = [...new Set(inboundTexts.flatMap(motivationSignalsIn))];
  const objections = [...new Set(inboundTexts.flatMap(objectionsIn))];
  if (message.direction === 'outbound') {
    return { sentiment: 'neutral', motivation_signals: signals, objections, next_step: NEXT_STEPS.awaitReply };
  }
  const text = normalise(message.body);
  if (isOptOut(message)) {
    return { sentiment: 'negative', motivation_signals: [], objections: [], next_step: NEXT_STEPS.optOut };
  }
  if (WRONG_NUMBER.test(text)) return { sentiment: 'negative', motivation_signals: [], objections: [], next_step: NEXT_STEPS.wrongNumber };
  const negative = NOT_INTERESTED.test(text);
  // "not interested" must not count as "interested": positives are read with the negative phrases removed.
  const positive = POSITIVE.test(text.replace(new RegExp(NOT_INTERESTED.source, 'g'), ' '));
  const own = motivationSignalsIn(message.body);
  if (negative && !positive) return { sentiment: 'negative', motivation_signals: own, objections, next_step: NEXT_STEPS.notInterested };
  const sentiment: Sentiment = !negative && (positive || own.length > 0) ? 'positive' : 'neutral';
  let nextStep: string = NEXT_STEPS.followUp;
  if (signals.includes('Asked about an offer')) nextStep = NEXT_STEPS.makeOffer;
  else if (sentiment === 'positive' || signals.length > 0) nextStep = NEXT_STEPS.qualify;
  else if (text.includes('?')) nextStep = NEXT_STEPS.answer;
  return { sentiment, motivation_signals: signals, objections, next_step: nextStep };
}

/** How many of the lead's other messages the analysis reads. */
export const ANALYSIS_HISTORY = 10;

export function analysisPrompt(message: MessageInput, others: readonly MessageInput[]): ChatMessage[] {
  const line = (m: MessageInput) => `${m.direction === 'inbound' ? 'Seller' : 'Us'}: ${m.body.slice(0, 1000)}`;
  return [
    {
      role: 'system',
      content:
        'You analyse text messages between a real-estate investor and a property owner (the seller). ' +
        'Answer only with a JSON object: {"sentiment": "positive" | "neutral" | "negative", ' +
        '"motivation_signals": [up to 5 short phrases naming reasons the seller may want to sell, taken from what they wrote], ' +
        '"objections": [up to 5 short phrases naming what holds the seller back, e.g. price too low, not ready, an agent], ' +
        '"next_step": one sentence telling the investor what to do next}. The sentiment is that of the seller toward selling or toward us.',
    },
    {
      role: 'user',
      content: [
        others.length > 0 ? `Earlier messages, oldest first:\n${others.map(line).join('\n')}` : 'No earlier messages.',
        `Message to analyse:\n${line(message)}`,
      ].join('\n\n'),
    },
  ];
}

const llmAnswer = z.object({
  sentiment: z.enum(SENTIMENTS),
  motivation_signals: z.array(z.string().trim().min(1).max(200)).max(10).default([]),
  objections: z.array(z.string().trim().min(1).max(200)).max(10).default([]),
  next_step: z.string().trim().min(1).max(500),
});

/** The model's JSON answer, or null when it is not the asked-for shape. */
export function parseLlmAnalysis(content: string): ConversationAnalysis | null {
  const parsed = llmAnswer.safeParse(parseJsonObject(content));
  if (!parsed.success) return null;
  return { ...parsed.data, motivation_signals: parsed.data.motivation_signals.slice(0, 5), objections: parsed.data.objections.slice(0, 5) };
}

/** A JSON object from a model's answer, tolerating a fenced code block around it. */
export function parseJsonObject(content: string): unknown {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(content.slice(start, end + 1));
  } catch {
    return null;
  }
}
