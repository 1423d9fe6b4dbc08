import { ShieldCheck, TrendingUp, Users, Zap, type LucideIcon } from 'lucide-react';
import { Logo } from '@/components/logo';

type FeatureTile = { icon: LucideIcon; title: string; text: string };

const FEATURE_TILES: readonly FeatureTile[] = [
  { icon: Zap, title: 'Lightning Fast', text: 'Dial leads straight from your browser with your organization’s numbers.' },
  { icon: TrendingUp, title: 'Higher Close Rate', text: 'A live transcript and AI coaching suggest what to say while the seller talks.' },
  { icon: Users, title: 'Team Ready', text: 'Invite your team into one organization that shares leads, buyers and calls.' },
  { icon: ShieldCheck, title: 'TCPA Compliant', text: 'Do-not-call leads are never dialed, and calls stay within 8 AM–9 PM local time.' },
];

/** The left half of the login screen: what the product does, in four tiles. */
export function LoginMarketing() {
  return (
    <section className="relative order-2 flex flex-col justify-between gap-10 overflow-hidden bg-gradient-to-br from-indigo-950 via-indigo-900 to-slate-900 p-8 text-white lg:order-1 lg:p-12">
      <Logo inverted className="text-lg" />
      <div className="max-w-lg">
        <h1 className="text-3xl font-semibold tracking-tight text-balance lg:text-4xl">Find, call and close off-market deals in one place.</h1>
        <p className="mt-4 text-base text-indigo-100/80">
          Wholesail keeps your leads, buyers, calls and messages together, with AI that scores motivation and coaches every conversation.
        </p>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2">
          {FEATURE_TILES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-white/10 bg-white/5 p-4 backdrop-blur-sm">
              <Icon className="size-5 text-indigo-300" aria-hidden />
              <h2 className="mt-3 text-sm font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-indigo-100/70">{text}</p>
            </li>
          ))}
        </ul>
      </div>
      <p className="text-xs text-indigo-200/60">Built for wholesalers, investor teams and acquisition agents.</p>
    </section>
  );
}
