import { describe, expect, it } from 'vitest';
import { buildRow, planImport } from './rows';

const build = (headers: string[], mapping: Record<string, string>, cells: string[]) => {
  const result = buildRow(cells, planImport(headers, mapping as never), 2);
  if (!result.ok) throw new Error(result.reason);
  return result.values;
};

describe('an imported row', () => {
  const headers = ['Address', 'State', 'Mailing State'];
  const mapping = { Address: 'property_address', State: 'property_address_state', 'Mailing State': 'mailing_address_state' };

  it('marks the owner out of state when the mailing state differs from the property state', () => {
    expect(build(headers, mapping, ['1 Elm St', 'TX', 'California']).out_of_state_owner).toBe(true);
    expect(build(headers, mapping, ['1 Elm St', 'tx', 'TX']).out_of_state_owner).toBe(false);
  });

  it('leaves it unknown when either state is missing, and keeps what the file itself says', () => {
    expect(build(headers, mapping, ['1 Elm St', 'TX', '']).out_of_state_owner).toBeUndefined();
    const given = build([...headers, 'Out of State'], { ...mapping, 'Out of State': 'out_of_state_owner' }, ['1 Elm St', 'TX', 'CA', 'no']);
    expect(given.out_of_state_owner).toBe(false);
  });

  it('stores tags once each whatever their case and spacing', () => {
    const values = build(['Address', 'Tags'], { Address: 'property_address', Tags: 'badges' }, ['1 Elm St', 'Vacant; vacant ,  Tax  Default|VACANT']);
    expect(values.badges).toEqual(['vacant', 'tax default']);
  });
});
