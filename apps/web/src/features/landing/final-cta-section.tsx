import { TRIAL } from '@wholesail/domain';
import { CtaRow } from './cta-row';

/** The closing call to action, to /signup. */
export function FinalCtaSection() {
  return (
    <section aria-labelledby="final-cta-title" className="px-4 pb-20 sm:px-6">
      <div className="mx-auto max-w-6xl overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-950 via-indigo-900 to-slate-900 px-6 py-14 text-center text-white sm:px-12 sm:py-20">
        <h2 id="final-cta-title" className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          Your next deal is one conversation away
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-pretty text-indigo-100/80">
          Put every lead, call and text in one place and let the AI coach your team on every call. Start with {TRIAL.days} days free.
        </p>
        <CtaRow
          className="mt-8 justify-center"
          primary={{ label: 'Create your account', to: '/signup', className: 'bg-white text-indigo-950 hover:bg-indigo-50' }}
          secondary={{ label: 'Sign in', to: '/login', className: 'text-white hover:bg-white/10 hover:text-white' }}
          secondaryVariant="ghost"
        />
      </div>
    </section>
  );
}
