import { describe, expect, it } from 'vitest';
import { leadGreeting } from './display';

describe('leadGreeting', () => {
  it('takes the owner’s first name, the street line and the city when the lead has them', () => {
    expect(leadGreeting({ owner_1_first_name: ' Maria ', owner_1_name: 'Maria Lopez', property_address_line_1: '12 Elm St', property_address_full: '99 Other Rd, Austin', property_address_city: 'Austin' }))
      .toEqual({ firstName: 'Maria', street: '12 Elm St', city: 'Austin' });
  });

  it('falls back to the display name’s first word and the address up to its first comma', () => {
    expect(leadGreeting({ owner_1_name: 'Pat Seller', property_address_full: '5 Main St, Austin, TX' })).toEqual({ firstName: 'Pat', street: '5 Main St', city: null });
  });

  it('says nothing it does not know: no name, no address', () => {
    expect(leadGreeting({ owner_1_name: 'https://spam.example' })).toEqual({ firstName: null, street: null, city: null });
  });
});
