import { describe, expect, it } from 'vitest';
import { addressKey, completenessVariant, derivedEquity, displayName, formatUsd, marketSegment, motivationColour, motivationLabel } from './display';
import { formatPhone, isValidLeadPhone, phoneKey, phoneSchema, toE164ForCall, toE164ForLookup } from './phone';

describe('phone rules (dialer.md §5)', () => {
  it('validates characters and length with the spec messages', () => {
    expect(phoneSchema.safeParse(' (512) 555-0100 ').success).toBe(true);
    expect(phoneSchema.safeParse('512.555.0100 x').error?.issues[0]?.message).toBe('Phone number contains invalid characters');
    expect(phoneSchema.safeParse('555-0100').error?.issues[0]?.message).toBe('Phone number must be at least 10 digits');
    expect(phoneSchema.safeParse('+1 (512) 555-0100 00 0').error?.issues[0]?.message).toBe('Phone number must be less than 20 characters');
  });
  it('normalises for calls and lookups and formats for display', () => {
    expect(toE164ForCall('512-555-0100')).toBe('+15125550100');
    expect(toE164ForCall('1 512 555 0100')).toBe('+15125550100');
    expect(toE164ForCall('44 20 7946 0958')).toBeNull();
    expect(toE164ForLookup('(512) 555-0100')).toBe('+15125550100');
    expect(toE164ForLookup('15125550100')).toBe('+15125550100');
    expect(toE164ForLookup('442079460958')).toBe('+442079460958');
    expect(formatPhone('5125550100')).toBe('1 (512) 555-0100');
    expect(formatPhone('123')).toBe('No phone');
  });
  it('accepts a lead phone with 10+ digits that is not all zeros or ones', () => {
    expect(isValidLeadPhone('512-555-0100')).toBe(true);
    expect(isValidLeadPhone('000-000-0000')).toBe(false);
    expect(isValidLeadPhone('1111111111')).toBe(false);
    expect(isValidLeadPhone('555-0100')).toBe(false);
    expect(phoneKey('(512) 555-0100')).toBe(phoneKey('+1 512.555.0100'));
  });
});

describe('display rules', () => {
  it('picks a usable name, else first and last, else the fallback', () => {
    expect(displayName({ name: 'Jane Roe', owner_1_name: 'Other' })).toBe('Jane Roe');
    expect(displayName({ name: 'see [link](http://x)', contact_1_name: 'Contact Person' })).toBe('Contact Person');
    expect(displayName({ name: 'a@b.co', owner_1_name: '12345', owner_1_first_name: 'Ann', owner_1_last_name: 'Lee' })).toBe('Ann Lee');
    expect(displayName({ owner_1_name: 'Repeating caller' })).toBe('Unknown Lead');
    expect(displayName({ owner_1_name: 'x'.repeat(101) }, 'Unknown Contact')).toBe('Unknown Contact');
  });
  it('colours and labels motivation out of 9', () => {
    expect([8, 6, 5].map((s) => motivationColour(s))).toEqual(['green', 'amber', 'red']);
    expect(motivationColour(2, 'High')).toBe('green');
    expect(motivationColour(2, 'Medium')).toBe('amber');
    expect([9, 8, 7, 6, 4, 3].map(motivationLabel)).toEqual(['Very High', 'Very High', 'High', 'High', 'Medium', 'Low']);
  });
  it('formats USD without decimals, derives equity, segments value, grades completeness', () => {
    expect(formatUsd(1234567.89)).toBe('$1,234,568');
    expect(formatUsd(null)).toBe('—');
    expect(derivedEquity({ estimated_value: 300000, mortgage_balance: 120000 })).toBe(180000);
    expect(derivedEquity({ estimated_value: 300000, mortgage_balance: null })).toBeNull();
    expect([1_000_000, 500_000, 200_000, 199_999].map(marketSegment)).toEqual(['luxury', 'high_value', 'mid_market', 'affordable']);
    expect([70, 69, 40, 39].map(completenessVariant)).toEqual(['default', 'secondary', 'secondary', 'destructive']);
  });
  it('normalises addresses for duplicate detection', () => {
    expect(addressKey('12 Oak Street, Austin, TX')).toBe(addressKey('12  oak st. austin tx'));
    expect(addressKey('  ')).toBeNull();
  });
});
