import { TRIAL } from '@wholesail/domain';
import { Gift } from 'lucide-react';

/** The 14-day free trial banner above the header. */
export function TrialBanner() {
  return (
    <div className="bg-indigo-950 px-4 py-2 text-center text-sm text-indigo-50">
      <Gift className="mr-1.5 inline size-4 -translate-y-px text-indigo-300" aria-hidden />
      <strong className="font-semibold">{TRIAL.days}-day free trial</strong>
      <span className="text-indigo-200"> · {TRIAL.aiTokens} AI tokens and {TRIAL.leadImports} lead imports included · Credit card required</span>
    </div>
  );
}
