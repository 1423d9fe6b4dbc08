/** Rules, sequences and members for the rules tab's tests (tests only). */
import type { Member, Rule, Sequence } from '@wholesail/domain';
import { mockLeadsApi } from '@/features/leads/test-fixtures';

type Routes = Parameters<typeof mockLeadsApi>[0];

export const SEQUENCE_ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

export const SEQUENCE: Sequence = {
  id: SEQUENCE_ID, name: 'No answer follow-up', steps: [{ kind: 'text', delay_minutes: 0, body: 'Hi {first_name}' }], stop_on_reply: true, cooldown_days: 30,
  daily_cap: null, exit_statuses: [], counts: { active: 0, completed: 0, exited: 0, replied: 0 }, created_by: 'user-1',
  created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
};

export const MEMBERS: Member[] = [
  { id: 'user-1', email: 'ana@example.com', name: 'Ana Lopez', role: 'owner', created_at: '2026-01-01T00:00:00.000Z' },
  { id: 'user-2', email: 'ben@example.com', name: 'Ben Ortiz', role: 'member', created_at: '2026-01-01T00:00:00.000Z' },
];

export function rule(overrides: Partial<Rule> = {}): Rule {
  return {
    id: 'rule-1', name: 'No answer after 3 calls', trigger: { type: 'calls_unanswered', count: 3 }, conditions: { state: 'TX' },
    actions: [{ type: 'enrol', sequence_id: SEQUENCE_ID }, { type: 'assign', user_id: 'user-2' }], is_active: true,
    runs: { applied: 0, last_at: null }, created_by: 'user-1', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', ...overrides,
  };
}

/** The rules tab's reads (the rules, the sequences, the members), plus `routes`. */
export function mockRulesApi(rules: Rule[], routes: Routes = {}) {
  return mockLeadsApi({
    'GET /api/automation-rules': { body: { items: rules } },
    'GET /api/sequences': { body: { items: [SEQUENCE] } },
    'GET /api/organization/members': { body: { members: MEMBERS } },
    ...routes,
  });
}

/** The JSON body of the last request with `method` to `path`. */
export function lastBody(fetchMock: ReturnType<typeof mockLeadsApi>, method: string, path: string): unknown {
  const call = fetchMock.mock.calls.filter(([input, init]) => String(input) === path && init?.method === method).pop();
  return call?.[1]?.body ? JSON.parse(String(call[1].body)) : undefined;
}
