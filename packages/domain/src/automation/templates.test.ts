import { describe, expect, it } from 'vitest';
import { mergeFieldProblem, renderTemplate, unknownMergeFields } from './templates';

const intro = 'Hi {first_name}, this is {agent_name}. Would you sell {street} in {city} for cash? Reply STOP to opt out.';

describe('renderTemplate', () => {
  it('fills every merge field from the lead and the member', () => {
    expect(renderTemplate(intro, { first_name: 'Maria', street: '12 Oak St', city: 'Austin', agent_name: 'Dan' })).toBe(
      'Hi Maria, this is Dan. Would you sell 12 Oak St in Austin for cash? Reply STOP to opt out.',
    );
  });

  it('reads a missing or blank value as its fallback, never as an empty gap', () => {
    expect(renderTemplate(intro, { first_name: '  ', street: null })).toBe(
      'Hi there, this is our team. Would you sell your property in your area for cash? Reply STOP to opt out.',
    );
  });

  it('fills a field used twice, trims values and leaves other braces alone', () => {
    expect(renderTemplate('{first_name}? {first_name}! { } {see below}', { first_name: ' Li ' })).toBe('Li? Li! { } {see below}');
  });
});

describe('merge field validation', () => {
  it('accepts the four fields and text without fields', () => {
    expect(mergeFieldProblem(intro)).toBeNull();
    expect(mergeFieldProblem('Still interested? Call me back.')).toBeNull();
  });

  it('names an unknown field and lists the ones to use', () => {
    expect(mergeFieldProblem('Hi {firstname}')).toBe('uses {firstname}, which is not a merge field; use {first_name}, {street}, {city} or {agent_name}');
  });

  it('names several unknown fields once each, in the order written', () => {
    expect(unknownMergeFields('{zip} {Owner} {zip} {city}')).toEqual(['zip', 'Owner']);
    expect(mergeFieldProblem('{zip} {Owner} {zip}')).toMatch(/^uses \{zip\} and \{Owner\}, which are not merge fields;/);
  });
});
