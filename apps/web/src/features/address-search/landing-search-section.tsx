import { lazy, Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { SearchIcon } from 'lucide-react';

const AddressSearchWidget = lazy(() => import('./address-search-widget'));

/**
 * 'Try It Now - Search Any Property' on the landing page. Until the visitor reaches for it (hover,
 * touch or focus) a look-alike form stands in, so the widget and the form and API code it pulls in
 * are not part of the landing page's initial JavaScript.
 */
export function LandingSearchSection() {
  const container = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  const [focusOnLoad, setFocusOnLoad] = useState(false);
  const load = () => setWanted(true);

  return (
    <section aria-labelledby="try-it-now" className="border-y bg-card/50">
      <div className="mx-auto max-w-2xl px-6 py-16">
        <h2 id="try-it-now" className="text-center text-2xl font-semibold tracking-tight sm:text-3xl">
          Try It Now - Search Any Property
        </h2>
        <p className="mt-3 text-center text-muted-foreground">Enter a US address to see the owner, value and contact data we can find.</p>
        <div ref={container} className="mt-8 rounded-xl border bg-card p-6 shadow-xs" onPointerEnter={load} onTouchStart={load}>
          {wanted ? (
            <Suspense fallback={<StandIn />}>
              <FocusFirstInput container={container} enabled={focusOnLoad}>
                <AddressSearchWidget />
              </FocusFirstInput>
            </Suspense>
          ) : (
            <StandIn
              onFocus={() => {
                setFocusOnLoad(true);
                load();
              }}
            />
          )}
        </div>
      </div>
    </section>
  );
}

/** The widget's first paint, without its code: same label, field and button. */
function StandIn({ onFocus }: { onFocus?: () => void }) {
  return (
    <div className="grid gap-2" onFocus={onFocus}>
      <label htmlFor="landing-address-stand-in" className="text-sm font-medium">
        Property address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id="landing-address-stand-in"
          className="h-9 w-full rounded-md border bg-transparent px-3 text-sm shadow-xs sm:flex-1"
          placeholder="123 Main St, Austin, TX 78701"
          readOnly
        />
        <span className="inline-flex h-9 items-center gap-2 rounded-md bg-primary/60 px-4 text-sm font-medium text-primary-foreground">
          <SearchIcon className="size-4" aria-hidden /> Look up
        </span>
      </div>
    </div>
  );
}

/** Moves focus into the real field once it has replaced the stand-in the visitor focused. */
function FocusFirstInput({ container, enabled, children }: { container: RefObject<HTMLDivElement | null>; enabled: boolean; children: ReactNode }) {
  useEffect(() => {
    if (enabled) container.current?.querySelector('input')?.focus();
  }, [container, enabled]);
  return children;
}
