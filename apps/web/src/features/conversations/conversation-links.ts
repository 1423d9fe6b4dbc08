/** Links into the texting screen, apart from its components so that a link does not load them. */
import { CONVERSATION_LEAD_PARAM, screenLinks } from '@wholesail/domain';

export const LEAD_PARAM = CONVERSATION_LEAD_PARAM;

/** The link that opens a lead's thread. */
export const conversationHref = screenLinks.conversation;
