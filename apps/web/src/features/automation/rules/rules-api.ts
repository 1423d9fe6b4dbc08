/** Automation rules for members (docs/api-automation.md): the list, one rule's writes and its dry run. */
import type { createRuleBody, DryRun, Rule } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** A rule as the editor sends it: every field, in the request's shape (tags of the conditions as one comma-separated string). */
export type RuleBody = z.input<typeof createRuleBody>;

const rulePath = (id: string) => `/api/automation-rules/${encodeURIComponent(id)}`;

export const fetchRules = () => apiRequest<{ items: Rule[] }>('/api/automation-rules').then((r) => r.items);
export const createRule = (body: RuleBody) => apiRequest<Rule>('/api/automation-rules', { method: 'POST', body });
export const updateRule = (id: string, body: Partial<RuleBody>) => apiRequest<Rule>(rulePath(id), { method: 'PATCH', body });
export const deleteRule = (id: string) => apiRequest<void>(rulePath(id), { method: 'DELETE' });
/** Which leads the rule would touch now; the server changes nothing. */
export const dryRunRule = (id: string) => apiRequest<DryRun>(`${rulePath(id)}/dry-run`, { method: 'POST' });

export const useRules = () => useQuery({ queryKey: queryKeys.automation.rules.list, queryFn: fetchRules });
