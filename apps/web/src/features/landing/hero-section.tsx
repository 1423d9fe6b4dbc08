import { TRIAL } from '@wholesail/domain';
import { CreditCard } from 'lucide-react';
import { CtaRow } from './cta-row';
import liveCallPicture from './live-call.svg?no-inline';

/** Hero: the pitch, 'Start dominating now' to /login and the credit card note, beside a picture of a live call. */
export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-indigo-50 to-background px-4 sm:px-6">
      <div className="mx-auto grid max-w-6xl items-center gap-12 py-16 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:py-24">
        <div className="text-center lg:text-left">
          <p className="inline-flex rounded-full border border-primary/20 bg-card px-3 py-1 text-xs font-medium text-primary">For wholesalers and investor teams</p>
          <h1 id="hero-title" className="mt-6 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
            Call more motivated sellers. Close more deals.
          </h1>
          <p className="mt-6 text-lg text-pretty text-muted-foreground">
            Wholesail finds and enriches off-market property leads, scores each owner’s motivation, and lets your team call them from the browser with
            real-time AI prompts, sentiment and motivation scoring, proven scripts, analytics and built-in do-not-call protection.
          </p>
          <CtaRow
            className="mt-10 sm:justify-center lg:justify-start"
            primary={{ label: 'Start dominating now', to: '/login' }}
            secondary={{ label: 'See pricing', section: 'pricing' }}
            secondaryVariant="outline"
          />
          <p className="mt-4 flex items-center justify-center gap-2 text-sm text-muted-foreground lg:justify-start">
            <CreditCard className="size-4 shrink-0" aria-hidden />
            <span>
              {TRIAL.days} days free. A credit card is required to start your trial.
            </span>
          </p>
        </div>
        <img
          src={liveCallPicture}
          width={440}
          height={420}
          alt="A live call in Wholesail: the seller's words and the agent's transcribed as they talk, an AI coaching suggestion, the Do Not Call check and the lead's motivation score"
          className="mx-auto h-auto w-full max-w-md"
          fetchPriority="high"
        />
      </div>
    </section>
  );
}
