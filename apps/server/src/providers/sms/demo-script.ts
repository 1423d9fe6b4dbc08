import { askingFigure, scenarioFor, type ConversationContext } from '../voice/demo-conversation';

/**
 * What the demo seller texts back: by the lead's record (a seller with motivation below 2 of 9 answers
 * "STOP") and the agent's text (a question about price or timing gets its answer); otherwise the
 * conversation moves on by how many replies the seller has sent.
 */
const PRICE = /\b(?:price|offer|cash|worth|pay|value|number|much)\b|\$/i;
const TIMING = /\b(?:when|time|timeline|close|closing|soon|move|moving|date|week|weeks|month|months)\b/i;

export function demoSellerReply(seller: ConversationContext | undefined, agentText: string, replyIndex: number): string {
  const context: ConversationContext = seller ?? { leadFirstName: null, street: null, city: null, estimatedValue: null, motivationScore: null, agentFirstName: null };
  if (scenarioFor(context) === 'do_not_call') return 'STOP';
  const price = `I think it's worth ${askingFigure(context.estimatedValue)}. What would you offer?`;
  const timing = "I'd need to be out by the end of next month. How fast can you close?";
  if (PRICE.test(agentText)) return `Maybe, it depends on the price. ${price}`;
  if (TIMING.test(agentText)) return timing;
  const lines = [
    `${context.leadFirstName ? `Yes, this is ${context.leadFirstName}.` : 'Who is this?'} ${context.street ? `Is this about ${context.street}?` : 'What is this about?'}`,
    `I might sell if the numbers work. ${price}`,
    timing,
  ];
  return lines[replyIndex] ?? "Okay. Send me something in writing and I'll look at it.";
}
