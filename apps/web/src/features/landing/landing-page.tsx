import { postLoginDestination } from '@wholesail/domain';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LandingSearchSection } from '@/features/address-search/landing-search-section';
import { useSession } from '@/features/auth/use-session';
import { PublicFooter } from '@/features/legal/public-footer';
import { getLastRoute } from '@/lib/storage';
import { ComparisonSection } from './comparison-section';
import { FaqSection } from './faq-section';
import { FinalCtaSection } from './final-cta-section';
import { HeroSection } from './hero-section';
import { isLandingAnchor, scrollToSection } from './landing-anchors';
import { LandingHeader } from './landing-header';
import { MoneyBackSection } from './money-back-section';
import { PricingSection } from './pricing-section';
import { StatsSection } from './stats-section';
import { TestimonialsSection } from './testimonials-section';
import { TrialBanner } from './trial-banner';
import { ValueStackSection } from './value-stack-section';

/**
 * The public front page (dialer.md §2); a signed-in visitor goes back to work (last route, else the
 * dashboard). It ships in the entry chunk with /login, so its sections stay plain markup: no heavy
 * libraries, the hero picture is an SVG file, and the address search widget loads when reached for.
 */
export function LandingPage() {
  const session = useSession();
  const { hash } = useLocation();
  // Arriving at /#pricing (say, from another page) lands on that section.
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (session.status === 'signed-out' && isLandingAnchor(id)) scrollToSection(id);
  }, [hash, session.status]);

  if (session.status === 'signed-in') {
    return <Navigate to={postLoginDestination({ redirect: null, lastRoute: getLastRoute() })} replace />;
  }

  return (
    <div id="top" className="flex min-h-screen flex-col">
      <TrialBanner />
      <LandingHeader />
      <main className="flex-1">
        <HeroSection />
        {session.status === 'signed-out' && <LandingSearchSection />}
        <StatsSection />
        <ComparisonSection />
        <ValueStackSection />
        <TestimonialsSection />
        <PricingSection />
        <MoneyBackSection />
        <FaqSection />
        <FinalCtaSection />
      </main>
      <PublicFooter wide />
    </div>
  );
}
