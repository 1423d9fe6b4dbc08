import { MONEY_BACK_GUARANTEE_DAYS, PRICING_PLANS, TRIAL } from '@wholesail/domain';
import { FaqAccordion, type FaqItem } from './faq-accordion';
import { LandingSection, SectionHeading } from './section-heading';

const seats = (id: string) => PRICING_PLANS.find((plan) => plan.id === id)!.limits[0]!;

const FAQ: readonly FaqItem[] = [
  {
    question: 'How does the free trial work?',
    answer: `${TRIAL.days} days with ${TRIAL.aiTokens} AI tokens, ${TRIAL.leadImports} lead imports and every feature on. A credit card is required to start it, and the ${MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee covers your first payment.`,
  },
  {
    question: 'Do I need my own phone system?',
    answer: 'No. Calls and texts go through your organization’s Twilio numbers, straight from the browser. Until they are connected, practice on the demo line, where a scripted seller answers.',
  },
  {
    question: 'How does Wholesail keep our calls compliant?',
    answer:
      'Every dial and text is checked first: Do Not Call leads are refused, and calls and texts follow the telephone-solicitation hours of the lead’s state in the lead’s local time (8:00 AM–9:00 PM where the state sets nothing stricter), and a number is called at most 3 times in 24 hours. A STOP reply, or a request on a call, puts the lead on the Do Not Call list.',
  },
  {
    question: 'Can I bring the leads I already have?',
    answer: 'Yes. Upload a CSV from any list or spreadsheet and map its columns; large files import in the background. New leads are enriched and scored automatically.',
  },
  {
    question: 'How do seats work?',
    answer: `A seat is one team member who signs in. Starter includes ${seats('starter')}, Pro includes ${seats('pro')}, and Enterprise has unlimited seats. Members join by invitation from an owner or admin.`,
  },
];

/** #faq: five questions, one open at a time. */
export function FaqSection() {
  return (
    <LandingSection id="faq" labelledBy="faq-title">
      <SectionHeading id="faq-title" eyebrow="FAQ" title="Questions teams ask before they switch" />
      <div className="mx-auto mt-12 max-w-3xl">
        <FaqAccordion items={FAQ} />
      </div>
    </LandingSection>
  );
}
