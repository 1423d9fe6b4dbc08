import { describe, expect, it } from 'vitest';
import { ENROL_SKIP_REASONS, ENROL_SKIP_SENTENCES, enrolBody, leadAutomationSchema } from './enrolment-api';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const error = (input: unknown) => enrolBody.safeParse(input).error?.issues.map((i) => i.message).join('; ');

describe('enrolBody', () => {
  it('takes lead ids, each once', () => {
    expect(enrolBody.parse({ lead_ids: [id(1), id(2), id(1)] })).toEqual({ lead_ids: [id(1), id(2)] });
  });

  it('takes a leads-list filter as the list reads it, without paging', () => {
    expect(enrolBody.parse({ filter: { status: 'discovery', badges: 'Vacant, absentee', minValue: '100000' } })).toEqual({
      filter: { status: 'discovery', badges: ['vacant', 'absentee'], minValue: 100000 },
    });
    expect(enrolBody.parse({ filter: {} })).toEqual({ filter: {} });
    expect(error({ filter: { limit: 10 } })).toMatch(/limit/);
    expect(error({ filter: { status: 'deleted' } })).toBeDefined();
  });

  it('needs exactly one of lead_ids and filter', () => {
    expect(error({})).toBe('choose the leads to enrol: lead_ids or filter, not both');
    expect(error({ lead_ids: [id(1)], filter: {} })).toBe('choose the leads to enrol: lead_ids or filter, not both');
  });

  it('refuses bad ids, an empty list and more than 10,000 leads', () => {
    expect(error({ lead_ids: ['nope'] })).toBe('lead_ids: expected lead ids');
    expect(error({ lead_ids: [] })).toBe('lead_ids: choose at least one lead');
    expect(error({ lead_ids: Array.from({ length: 10_001 }, (_, i) => id(i)) })).toBe('lead_ids: at most 10,000 leads at a time');
    expect(enrolBody.parse({ lead_ids: Array.from({ length: 10_000 }, (_, i) => id(i)) }).lead_ids).toHaveLength(10_000);
  });
});

describe('records', () => {
  it('has a sentence for every skip reason', () => {
    expect(Object.keys(ENROL_SKIP_SENTENCES)).toEqual([...ENROL_SKIP_REASONS]);
  });

  it('reads a lead’s enrolments with each step’s state', () => {
    const enrolment = {
      id: id(9), lead_id: id(1), sequence_id: id(2), sequence_name: 'Cold follow-up', status: 'exited', exit_reason: 'replied',
      current_step: 1, next_due_at: null, enrolled_at: '2026-11-16T15:00:00.000Z', enrolled_by: 'user-1', ended_at: '2026-11-17T15:00:00.000Z',
      steps: [
        { step_index: 0, kind: 'text', state: 'moved', due_at: '2026-11-17T02:30:00.000Z', moved_to: '2026-11-17T13:00:00.000Z', ran_at: null, reason: 'Federal rules allow …' },
        { step_index: 1, kind: 'email', state: 'skipped', due_at: null, moved_to: null, ran_at: null, reason: 'The lead replied, so the sequence stopped.' },
      ],
    };
    expect(leadAutomationSchema.parse({ items: [enrolment] }).items[0]!.steps).toHaveLength(2);
    expect(leadAutomationSchema.safeParse({ items: [{ ...enrolment, exit_reason: 'bored' }] }).success).toBe(false);
  });
});
