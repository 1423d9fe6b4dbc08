import { lazy, Suspense } from 'react';

const AddressSearchWidget = lazy(() => import('./address-search-widget'));

/** 'Try It Now - Search Any Property' on the landing page; the widget loads on demand. */
export function LandingSearchSection() {
  return (
    <section aria-labelledby="try-it-now" className="border-y bg-card/50">
      <div className="mx-auto max-w-2xl px-6 py-16">
        <h2 id="try-it-now" className="text-center text-2xl font-semibold tracking-tight sm:text-3xl">
          Try It Now - Search Any Property
        </h2>
        <p className="mt-3 text-center text-muted-foreground">Enter a US address to see the owner, value and contact data we can find.</p>
        <div className="mt-8 rounded-xl border bg-card p-6 shadow-xs">
          <Suspense fallback={<div className="h-16" aria-hidden />}>
            <AddressSearchWidget />
          </Suspense>
        </div>
      </div>
    </section>
  );
}
