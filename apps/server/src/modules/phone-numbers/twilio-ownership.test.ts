import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { fakeTwilioAccount, TWILIO } from '../../../test/twilio';

describe.each(DB_KINDS)('phone numbers with Twilio configured on %s', (kind) => {
  const t = useTestApp(kind, TWILIO);
  let owner: Awaited<ReturnType<TestApp['createOrg']>>;
  let account: ReturnType<typeof fakeTwilioAccount>;

  beforeAll(async () => {
    owner = await t.createOrg('Twilio Numbers');
    account = fakeTwilioAccount(t, { incoming: ['+15125550701'], callerIds: ['+15125550702'] });
  });

  const add = (phone_number: string) => t.request('POST', '/api/phone-numbers', { cookie: owner.cookie, body: { phone_number } });

  it("accepts a number the account bought or a verified caller ID, and refuses any other with 400 naming it", async () => {
    expect((await add('5125550701')).statusCode).toBe(201);
    expect((await add('5125550702')).statusCode).toBe(201);
    expect(account.lookups).toEqual(['+15125550701', '+15125550702']);
    const foreign = await add('5125550703');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toEqual({
      code: 'NUMBER_NOT_IN_TWILIO_ACCOUNT',
      message: 'phone_number: +15125550703 is not a number of this Twilio account (buy it in Twilio or verify it as a caller ID first)',
    });
    expect((await t.request('GET', '/api/phone-numbers', { cookie: owner.cookie })).json().items).toHaveLength(2);
  });

  it('answers 502 when Twilio cannot be asked, and adds nothing', async () => {
    const ownership = t.app.services.numberOwnership!;
    const incoming = ownership.incoming;
    ownership.incoming = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    try {
      const res = await add('5125550701');
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe('TWILIO_UNAVAILABLE');
    } finally {
      ownership.incoming = incoming;
    }
  });
});
