import { MONEY_BACK_GUARANTEE_DAYS } from '@wholesail/domain';
import { ShieldCheck } from 'lucide-react';

/** The 30-day money-back guarantee. */
export function MoneyBackSection() {
  return (
    <section aria-labelledby="money-back-title" className="px-4 py-16 sm:px-6">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 rounded-2xl border border-success/30 bg-success/5 p-8 text-center sm:flex-row sm:p-10 sm:text-left">
        <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-success/15 text-success">
          <ShieldCheck className="size-8" aria-hidden />
        </span>
        <div>
          <h2 id="money-back-title" className="text-2xl font-semibold tracking-tight">
            {MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee
          </h2>
          <p className="mt-2 text-pretty text-muted-foreground">
            Put Wholesail on your live calls. If it is not right for your team within {MONEY_BACK_GUARANTEE_DAYS} days of your first payment, write to us and
            we refund it in full. No forms, no questions about why.
          </p>
        </div>
      </div>
    </section>
  );
}
