import { AlertCircleIcon } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { sentence } from '@/lib/sentence';

/** A form's failure that no field owns, above its buttons; nothing when there is none or a field shows it. */
export function FormProblem({ error, shownOnField = false }: { error: Error | null; shownOnField?: boolean }) {
  if (!error || shownOnField) return null;
  return (
    <Alert variant="destructive">
      <AlertCircleIcon aria-hidden />
      <span>{sentence(error.message)}</span>
    </Alert>
  );
}
