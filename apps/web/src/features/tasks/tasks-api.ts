/** Follow-up tasks (ai_tasks) of docs/api-calls.md. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type Task = {
  id: string;
  lead_id: string;
  lead_name: string | null;
  /** A deal deadline's deal (task_type deal_deadline). */
  deal_id?: string | null;
  task_type: string;
  proposed_time: string;
  status: 'pending' | 'done';
  suggested_message: string | null;
  reason: string | null;
  created_at: string;
};

export function pendingTasksPath(leadId?: string): string {
  const params = new URLSearchParams({ status: 'pending' });
  if (leadId) params.set('leadId', leadId);
  return `/api/tasks?${params.toString()}`;
}

export function usePendingTasks(leadId?: string) {
  return useQuery({
    queryKey: queryKeys.tasks.pending(leadId),
    queryFn: async ({ signal }) => (await apiRequest<{ items: Task[] }>(pendingTasksPath(leadId), { signal })).items,
  });
}

export function useMarkTaskDone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Task>(`/api/tasks/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status: 'done' } }),
    onSuccess: () => {
      toast.success('Follow-up done');
      void client.invalidateQueries({ queryKey: queryKeys.tasks.all });
    },
    onError: (error) => toast.error('Failed to update follow-up', { description: error.message }),
  });
}

export type TaskTiming = 'overdue' | 'today' | 'upcoming';

/** Overdue once its time has passed; today when due later today; upcoming after that. */
export function taskTiming(proposedTime: string, now: Date = new Date()): TaskTiming {
  const due = new Date(proposedTime);
  if (due.getTime() < now.getTime()) return 'overdue';
  const endOfToday = new Date(now);
  endOfToday.setHours(23, 59, 59, 999);
  return due.getTime() <= endOfToday.getTime() ? 'today' : 'upcoming';
}

const ORDER: Record<TaskTiming, number> = { overdue: 0, today: 1, upcoming: 2 };

/** Overdue first, then due today, then later, each soonest first. */
export function sortTasks(tasks: readonly Task[], now: Date = new Date()): Task[] {
  return [...tasks].sort(
    (a, b) => ORDER[taskTiming(a.proposed_time, now)] - ORDER[taskTiming(b.proposed_time, now)] || Date.parse(a.proposed_time) - Date.parse(b.proposed_time),
  );
}
