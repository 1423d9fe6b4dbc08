import { PRICING_PLANS, formatPlanUsd } from '@wholesail/domain';
import {
  BarChart3, Gauge, MessageSquareText, PhoneCall, ScrollText, SearchCheck, ShieldCheck, Sparkles, Upload, Users, type LucideIcon,
} from 'lucide-react';
import { LandingSection, SectionHeading } from './section-heading';

const VALUE_STACK: readonly { icon: LucideIcon; title: string; text: string }[] = [
  { icon: PhoneCall, title: 'Browser dialer', text: 'Your numbers, both speakers transcribed live.' },
  { icon: Sparkles, title: 'Real-time AI prompts', text: 'Coaching on price, timing and trust as the seller talks.' },
  { icon: ScrollText, title: 'Response scripts', text: 'Suggested answers, added to your notes in one click.' },
  { icon: Gauge, title: 'Sentiment and motivation scoring', text: 'Every lead scored 1–9; every conversation read for sentiment.' },
  { icon: SearchCheck, title: 'Property enrichment', text: 'Owner, contacts, value, mortgage and tax status by address.' },
  { icon: Upload, title: 'CSV import', text: 'Map your columns once; big lists import in the background.' },
  { icon: MessageSquareText, title: 'SMS conversations', text: 'Texts, templates and replies in one thread per lead.' },
  { icon: ShieldCheck, title: 'Do-not-call protection', text: 'DNC leads are never dialed or texted; STOP opts out.' },
  { icon: BarChart3, title: 'Analytics and Top 10', text: 'Lead statistics and a ranked list of who to call next.' },
  { icon: Users, title: 'Built for teams', text: 'One organization, shared leads, buyers and history.' },
];

/** #value: everything a plan includes. */
export function ValueStackSection() {
  const lowest = Math.min(...PRICING_PLANS.map((plan) => plan.monthlyUsd));
  return (
    <LandingSection id="value" labelledBy="value-title" className="bg-card">
      <SectionHeading id="value-title" eyebrow="Value" title="Everything your acquisitions team needs, in every plan">
        No dialer, transcription service, lookup tool and texting app to stitch together.
      </SectionHeading>
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {VALUE_STACK.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4 rounded-xl border bg-background p-5">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-5" aria-hidden />
            </span>
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
        <li className="flex flex-col justify-center rounded-xl border border-primary/30 bg-primary p-5 text-primary-foreground sm:col-span-2 lg:col-span-2">
          <p className="text-lg font-semibold">All of it included from {formatPlanUsd(lowest)}/mo.</p>
          <p className="mt-1 text-sm text-primary-foreground/80">Plans differ in seats, leads and AI tokens, not in features.</p>
        </li>
      </ul>
    </LandingSection>
  );
}
