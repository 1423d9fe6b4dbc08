import { postLoginDestination } from '@wholesail/domain';
import { ArrowRight } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { LandingSearchSection } from '@/features/address-search/landing-search-section';
import { useSession } from '@/features/auth/use-session';
import { PublicFooter } from '@/features/legal/public-page-shell';
import { getLastRoute } from '@/lib/storage';

/** The public front page; a signed-in visitor goes back to work (last route, else the dashboard). */
export function LandingPage() {
  const session = useSession();
  if (session.status === 'signed-in') {
    return <Navigate to={postLoginDestination({ redirect: null, lastRoute: getLastRoute() })} replace />;
  }

  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-30 border-b bg-card/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-6">
          <Logo className="text-lg" />
          <Button asChild>
            <Link to="/login">SIGN IN</Link>
          </Button>
        </div>
      </header>
      <main className="flex-1">
        <section className="relative overflow-hidden bg-gradient-to-b from-indigo-50 to-background">
          <div className="mx-auto flex max-w-4xl flex-col items-center px-6 py-24 text-center sm:py-32">
            <p className="rounded-full border border-primary/20 bg-card px-3 py-1 text-xs font-medium text-primary">For wholesalers and investor teams</p>
            <h1 className="mt-6 text-4xl font-semibold tracking-tight text-balance sm:text-6xl">Call more motivated sellers. Close more deals.</h1>
            <p className="mt-6 max-w-2xl text-lg text-muted-foreground">
              Wholesail finds and enriches off-market property leads, scores each owner’s motivation, and lets your team call them from the
              browser with real-time AI prompts, sentiment and motivation scoring, proven scripts, analytics and built-in do-not-call protection.
            </p>
            <Button size="lg" className="mt-10" asChild>
              <Link to="/login">
                Start dominating now
                <ArrowRight aria-hidden />
              </Link>
            </Button>
          </div>
        </section>
        {session.status === 'signed-out' && <LandingSearchSection />}
      </main>
      <PublicFooter wide />
    </div>
  );
}
