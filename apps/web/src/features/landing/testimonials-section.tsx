import { Quote } from 'lucide-react';
import { LandingSection, SectionHeading } from './section-heading';

const TESTIMONIALS: readonly { quote: string; role: string; team: string }[] = [
  {
    quote: 'The seller said she had to move by month end, and the coaching card told me to offer a closing date. Outcome and follow-up were logged before my next dial.',
    role: 'Acquisitions agent',
    team: 'Five-seat calling team',
  },
  {
    quote: 'I import the county list, it is enriched and scored in the background, and the Top 10 tells my agents who to call first.',
    role: 'Team lead',
    team: 'Investor group, two markets',
  },
  {
    quote: 'Calling hours and the do-not-call list are checked before every dial, and a STOP reply takes the number off. I do not have to police it.',
    role: 'Owner',
    team: 'Solo wholesaler',
  },
];

/** #results: what a calling day is like with the product. */
export function TestimonialsSection() {
  return (
    <LandingSection id="results" labelledBy="results-title">
      <SectionHeading id="results-title" eyebrow="Results" title="What changes on a calling day">
        Agents spend the day talking to sellers instead of tabs, lists and lookups.
      </SectionHeading>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map(({ quote, role, team }) => (
          <li key={role}>
            <figure className="flex h-full flex-col rounded-2xl border bg-card p-6 shadow-xs">
              <Quote className="size-6 text-primary/40" aria-hidden />
              <blockquote className="mt-4 flex-1 text-pretty">{quote}</blockquote>
              <figcaption className="mt-6 border-t pt-4 text-sm">
                <span className="font-semibold">{role}</span>
                <span className="text-muted-foreground"> · {team}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-xs text-muted-foreground">Illustrative scenarios of how teams use Wholesail’s features; not paid endorsements.</p>
    </LandingSection>
  );
}
