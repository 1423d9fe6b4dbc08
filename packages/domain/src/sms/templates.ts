/** Saved text templates of the composer; {first_name} and {property_address} are filled from the lead. */

export interface SmsTemplate {
  id: string;
  name: string;
  body: string;
}

export const SMS_TEMPLATES: readonly SmsTemplate[] = [
  {
    id: 'intro',
    name: 'Introduction',
    body: 'Hi {first_name}, this is about {property_address}. Would you consider a cash offer for it? Reply STOP to opt out.',
  },
  { id: 'follow_up', name: 'Follow-up', body: 'Hi {first_name}, following up on {property_address}. Is now still a good time to talk?' },
  { id: 'offer_ready', name: 'Offer ready', body: 'Hi {first_name}, we have put together a cash offer for {property_address}. When can we go over it?' },
  { id: 'missed_call', name: 'Missed call', body: 'Hi {first_name}, sorry I missed you. When is a good time to call you about {property_address}?' },
  { id: 'thanks', name: 'Thank you', body: 'Thanks for your time today, {first_name}. I will send over the details about {property_address} shortly.' },
];

export interface TemplateValues {
  first_name?: string | null;
  property_address?: string | null;
}

/** What a placeholder reads when the lead has no value for it. */
export const TEMPLATE_FALLBACKS = { first_name: 'there', property_address: 'your property' } as const;

/** Fills {first_name} and {property_address}; a blank value reads 'there' / 'your property'. Other braces stay as written. */
export function fillTemplate(body: string, values: TemplateValues): string {
  return body.replace(/\{(first_name|property_address)\}/g, (_match, key: keyof typeof TEMPLATE_FALLBACKS) => {
    const value = values[key]?.trim();
    return value ? value : TEMPLATE_FALLBACKS[key];
  });
}
