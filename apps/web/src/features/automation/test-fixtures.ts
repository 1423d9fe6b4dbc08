/** Test data of the automation screens (tests only). */
import type { Sequence, StepRun } from '@wholesail/domain';
import type { LeadEnrolment } from './sequences-api';

export const SEQUENCE_ID = '11111111-1111-4111-8111-111111111111';

export function sequence(overrides: Partial<Sequence> = {}): Sequence {
  return {
    id: SEQUENCE_ID,
    name: 'Cold follow-up',
    steps: [
      { kind: 'text', delay_minutes: 0, body: 'Hi {first_name}, are you still the owner of {street}?' },
      { kind: 'email', delay_minutes: 4320, subject: 'About {street}', body: 'Hi {first_name}, {agent_name} here.' },
      { kind: 'call_task', delay_minutes: 10080 },
    ],
    stop_on_reply: true,
    cooldown_days: 30,
    daily_cap: null,
    exit_statuses: [],
    counts: { active: 12, completed: 3, exited: 5, replied: 4 },
    created_by: 'user-1',
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function stepRun(overrides: Partial<StepRun> = {}): StepRun {
  return { step_index: 0, kind: 'text', state: 'due', due_at: '2026-03-02T15:00:00.000Z', moved_to: null, ran_at: null, reason: null, ...overrides };
}

export function enrolment(overrides: Partial<LeadEnrolment> = {}): LeadEnrolment {
  return {
    id: 'enrolment-1',
    lead_id: 'lead-1',
    sequence_id: SEQUENCE_ID,
    sequence_name: 'Cold follow-up',
    status: 'active',
    exit_reason: null,
    current_step: 0,
    next_due_at: '2026-03-02T15:00:00.000Z',
    enrolled_at: '2026-03-01T15:00:00.000Z',
    enrolled_by: 'user-1',
    ended_at: null,
    steps: [stepRun()],
    ...overrides,
  };
}
