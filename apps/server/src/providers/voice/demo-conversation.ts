/**
 * What the demo line's seller and agent say. The seller follows the lead's record: a seller with very
 * low motivation (score below 2 of 9) asks to be taken off the list; everyone else negotiates, with a
 * price, a timing and a trust moment, so coaching has something to react to.
 */
export type DemoSpeaker = 'agent' | 'lead';
export type DemoTurn = { speaker: DemoSpeaker; text: string };
export type DemoScenario = 'seller' | 'do_not_call';

export interface ConversationContext {
  leadFirstName: string | null;
  street: string | null;
  city: string | null;
  estimatedValue: number | null;
  motivationScore: number | null;
  agentFirstName: string | null;
}

/** Lines the seller says when the agent is silent or presses keys. */
export const DEMO_INTERJECTIONS = {
  silence: 'Hello? Are you still there?',
  tones: 'Sorry, I just heard some beeping on the line.',
} as const;

export function scenarioFor(context: ConversationContext): DemoScenario {
  return context.motivationScore !== null && context.motivationScore < 2 ? 'do_not_call' : 'seller';
}

/** A round asking figure: the estimated value to the nearest $5,000, or a plain phrase without one. */
export function askingFigure(value: number | null): string {
  if (value === null || !Number.isFinite(value) || value <= 0) return 'a lot more than investors usually offer';
  const rounded = Math.max(5000, Math.round(value / 5000) * 5000);
  return `$${rounded.toLocaleString('en-US')}`;
}

export function demoConversation(context: ConversationContext): DemoTurn[] {
  const seller = context.leadFirstName;
  const place = context.street ?? 'your property';
  const comma = seller ? `, ${seller}` : '';
  const agent = context.agentFirstName ?? 'Sam';
  const intro: DemoTurn[] = [
    { speaker: 'lead', text: 'Hello?' },
    { speaker: 'agent', text: `${seller ? `Hi, is this ${seller}?` : 'Hi there.'} This is ${agent} with Wholesail Home Buyers. I'm calling about ${place}.` },
  ];
  if (scenarioFor(context) === 'do_not_call') {
    return [
      ...intro,
      { speaker: 'lead', text: "I've told you people before. Stop calling me and take me off your list." },
      { speaker: 'agent', text: `I'm sorry about that${comma}. I'll make sure you're not contacted again.` },
      { speaker: 'lead', text: 'Thank you. Goodbye.' },
    ];
  }
  return [
    ...intro,
    { speaker: 'lead', text: `Yeah, ${seller ? `this is ${seller}` : "that's me"}. What's this about?` },
    { speaker: 'agent', text: `We buy houses${context.city ? ` in ${context.city}` : ''} for cash, as-is. Have you thought about selling ${place}?` },
    { speaker: 'lead', text: `Maybe. It depends on the price. What would you offer? I think it's worth ${askingFigure(context.estimatedValue)}.` },
    { speaker: 'agent', text: "That's fair. I'd like to understand the condition first so I can make you a real offer. Does it need any repairs?" },
    { speaker: 'lead', text: "The roof is old and the kitchen hasn't been updated in years." },
    { speaker: 'agent', text: "Thanks, that helps. What's your timeline if the numbers work for you?" },
    { speaker: 'lead', text: "Honestly I'm in a bit of a rush. When could you close? I need to be out by the end of next month." },
    { speaker: 'agent', text: 'We can usually close in 7 to 14 days, and you pick the date.' },
    { speaker: 'lead', text: "How do I know this is legit? I get a lot of these calls and I don't really trust investors." },
    { speaker: 'agent', text: "I understand. We close through a licensed title company and you pay nothing until closing. I can send you reviews from sellers near you." },
    { speaker: 'lead', text: "Okay. Send me something in writing and I'll look at it." },
    { speaker: 'agent', text: `Will do. I'll text you our details today and call you back tomorrow afternoon. Thanks${comma}.` },
    { speaker: 'lead', text: 'Alright, talk to you then. Bye.' },
  ];
}
