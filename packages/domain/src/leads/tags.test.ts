import { describe, expect, it } from 'vitest';
import { createLeadBody, leadWriteBody, listLeadsQuery } from './lead-api';
import { outOfStateOwner } from './out-of-state';
import { normalizeTags } from './tags';

describe('tags', () => {
  it('are one tag whatever their case or spacing', () => {
    expect(normalizeTags(['Vacant', ' vacant', 'VACANT ', 'Tax  Default', '', '  '])).toEqual(['vacant', 'tax default']);
  });

  it('are normalised on every write and in the list filter', () => {
    expect(leadWriteBody.parse({ badges: ['Vacant', 'vacant'] }).badges).toEqual(['vacant']);
    expect(createLeadBody.parse({ owner_1_name: 'A', badges: ['Absentee', 'ABSENTEE'] }).badges).toEqual(['absentee']);
    expect(listLeadsQuery.parse({ badges: 'Vacant, Tax Default' }).badges).toEqual(['vacant', 'tax default']);
  });
});

describe('out-of-state owner', () => {
  it('compares the two states, unknown when either is missing', () => {
    expect(outOfStateOwner('TX', 'ca')).toBe(true);
    expect(outOfStateOwner('TX', 'TX')).toBe(false);
    expect(outOfStateOwner('TX', null)).toBeNull();
    expect(outOfStateOwner('Texas', 'CA')).toBeNull();
  });
});
