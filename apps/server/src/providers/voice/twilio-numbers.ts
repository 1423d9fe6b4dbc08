import twilio from 'twilio';
import type { TwilioConfig } from '../../config';

/** Twilio's list of one number under the account: `phoneNumber` filters it, an empty list means "not here". */
export type NumberList = (phoneNumber: string) => Promise<unknown[]>;

/**
 * Whether the Twilio account may use a number as its caller ID: a number it bought (IncomingPhoneNumbers) or a
 * verified caller ID (OutgoingCallerIds lists verified ones only). `incoming` and `callerIds` may be replaced
 * (tests); by default they call the REST API with the account SID and auth token, the client created on first use.
 */
export class TwilioNumberOwnership {
  incoming: NumberList;
  callerIds: NumberList;

  constructor(config: Pick<TwilioConfig, 'accountSid' | 'authToken'>) {
    let client: ReturnType<typeof twilio> | null = null;
    const api = () => (client ??= twilio(config.accountSid, config.authToken));
    this.incoming = (phoneNumber) => api().incomingPhoneNumbers.list({ phoneNumber, limit: 1 });
    this.callerIds = (phoneNumber) => api().outgoingCallerIds.list({ phoneNumber, limit: 1 });
  }

  async owns(phoneNumber: string): Promise<boolean> {
    if ((await this.incoming(phoneNumber)).length > 0) return true;
    return (await this.callerIds(phoneNumber)).length > 0;
  }
}
