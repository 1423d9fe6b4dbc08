import type { LookedUpProperty } from '@wholesail/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, PlusIcon, SearchIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { useSession } from '@/features/auth/use-session';
import { useMe } from '@/features/organization/organization-api';
import { ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { requestToaster } from '@/lib/toaster-gate';
import { parseAddress, type SelectedProperty } from './address';
import { AddressInput } from './address-input';
import { LEAD_ADDED_RESET_MS, LOOKING_UP_TEXT, SEARCH_TOASTS } from './messages';
import { PropertyCard, type LookupOutcome } from './property-card';
import { createLead, enrichProperty, leadBodyFor, presentEnrichment } from './search-api';

export const SIGN_IN_TO_ADD = 'Sign in to add this lead';
export const SIGN_IN_TO_ADD_HREF = '/login?redirect=/leads';

/**
 * Address search and lead creation (dialer.md §2, §4): idle → address selected → looking up →
 * enriched / basic-info-only / failed; then 'Add to Leads' for a signed-in member of an organization.
 */
export function AddressSearchWidget({ onLeadAdded }: { onLeadAdded?: () => void }) {
  const inputId = useId();
  const client = useQueryClient();
  const session = useSession();
  const me = useMe();
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<SelectedProperty | null>(null);
  // The widget answers in toasts, on the landing page too (which loads no toaster until asked: lib/toaster-gate.ts).
  useEffect(() => requestToaster(), []);
  const [outcome, setOutcome] = useState<LookupOutcome | null>(null);
  const [enrichment, setEnrichment] = useState<LookedUpProperty | null>(null);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(false);
  const [autocomplete, setAutocomplete] = useState(false);
  const lookupRun = useRef(0);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const reset = () => {
    lookupRun.current += 1;
    setText('');
    setSelected(null);
    setOutcome(null);
    setEnrichment(null);
    setAdded(false);
  };

  async function lookUp(property: SelectedProperty) {
    const run = ++lookupRun.current;
    clearTimeout(resetTimer.current);
    setSelected(property);
    setEnrichment(null);
    setAdded(false);
    setOutcome('looking-up');
    const settle = (next: LookupOutcome, data: LookedUpProperty | null = null) => {
      if (run !== lookupRun.current) return false;
      setEnrichment(data);
      setOutcome(next);
      return true;
    };
    try {
      let response;
      try {
        response = await enrichProperty(property.formattedAddress);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (!settle(error.status === 0 || error.status >= 500 ? 'failed' : 'basic')) return;
        // The service could not be reached (network or server failure); a refusal (4xx, e.g. the rate
        // limit) carries the server's reason and still leaves basic info to add.
        if (error.status === 0 || error.status >= 500) {
          toast.error(SEARCH_TOASTS.connectionError, { description: SEARCH_TOASTS.connectionErrorDescription });
        } else {
          toast.warning(SEARCH_TOASTS.enrichmentUnavailable, { description: error.message || SEARCH_TOASTS.enrichmentNotConfigured });
        }
        return;
      }
      if (response.error || response.skipped) {
        if (settle('basic')) toast.warning(SEARCH_TOASTS.enrichmentUnavailable, { description: response.error || SEARCH_TOASTS.enrichmentNotConfigured });
        return;
      }
      const data = response.success ? presentEnrichment(response.data) : null;
      if (data) {
        if (settle('enriched', data)) toast.success(SEARCH_TOASTS.enriched, { description: SEARCH_TOASTS.enrichedDescription(property.formattedAddress) });
      } else if (settle('basic')) {
        toast.info(SEARCH_TOASTS.noData, { description: SEARCH_TOASTS.noDataDescription });
      }
    } catch (error) {
      console.error('Property lookup failed', error);
      if (settle('failed')) toast.error(SEARCH_TOASTS.lookupError, { description: SEARCH_TOASTS.lookupErrorDescription });
    }
  }

  function onTextChange(next: string) {
    setText(next);
    // Typing after a choice resets it (dialer.md §4).
    if (selected) {
      lookupRun.current += 1;
      clearTimeout(resetTimer.current);
      setSelected(null);
      setOutcome(null);
      setEnrichment(null);
      setAdded(false);
    }
  }

  function onPlaceSelected(property: SelectedProperty) {
    setText(property.formattedAddress);
    void lookUp(property);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (autocomplete) return; // with suggestions, a place must be chosen from the list
    const property = parseAddress(text);
    if (property) void lookUp(property);
  }

  async function addToLeads() {
    const organization = me.data?.organization;
    if (!selected || session.status !== 'signed-in' || !organization) {
      toast.error(SEARCH_TOASTS.missingData);
      return;
    }
    setAdding(true);
    try {
      await createLead(leadBodyFor(selected, enrichment));
      toast.success(SEARCH_TOASTS.added, { description: SEARCH_TOASTS.addedDescription });
      void client.invalidateQueries({ queryKey: queryKeys.leads.all });
      setAdded(true);
      onLeadAdded?.();
      clearTimeout(resetTimer.current);
      resetTimer.current = setTimeout(reset, LEAD_ADDED_RESET_MS);
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0) {
        toast.error(SEARCH_TOASTS.addFailed, { description: error.message || SEARCH_TOASTS.addFailedFallback });
      } else {
        console.error('Adding the lead failed', error);
        toast.error(SEARCH_TOASTS.addError, { description: SEARCH_TOASTS.addErrorDescription });
      }
    } finally {
      setAdding(false);
    }
  }

  const lookingUp = outcome === 'looking-up';
  // Green check only for a place chosen from the suggestions (dialer.md §4), never for typed text.
  const valid = selected !== null && selected.placeId !== null;
  const signedOut = session.status === 'signed-out';

  return (
    <div className="grid gap-4">
      <form className="grid gap-2" onSubmit={onSubmit} noValidate>
        <Label htmlFor={inputId}>Property address</Label>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="flex-1">
            <AddressInput
              id={inputId}
              value={text}
              onValueChange={onTextChange}
              onPlaceSelected={onPlaceSelected}
              onAutocompleteChange={setAutocomplete}
              valid={valid}
              required
              placeholder="123 Main St, Austin, TX 78701"
              disabled={adding}
            />
          </div>
          {!autocomplete && (
            <Button type="submit" disabled={!text.trim() || lookingUp || adding}>
              <SearchIcon aria-hidden /> Look up
            </Button>
          )}
        </div>
      </form>

      {lookingUp && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2Icon className="size-4 animate-spin" aria-hidden /> {LOOKING_UP_TEXT}
        </p>
      )}

      {selected && outcome && outcome !== 'looking-up' && (
        <PropertyCard property={selected} outcome={outcome} data={enrichment} added={added}>
          {signedOut ? (
            <Button asChild className="w-full sm:w-auto sm:justify-self-end">
              <Link to={SIGN_IN_TO_ADD_HREF}>{SIGN_IN_TO_ADD}</Link>
            </Button>
          ) : (
            !added && (
              <Button className="w-full sm:w-auto sm:justify-self-end" onClick={() => void addToLeads()} disabled={adding || session.status === 'loading' || me.isLoading}>
                {adding ? <Loader2Icon className="animate-spin" aria-hidden /> : <PlusIcon aria-hidden />}
                {adding ? 'Adding...' : 'Add to Leads'}
              </Button>
            )
          )}
        </PropertyCard>
      )}
    </div>
  );
}

export default AddressSearchWidget;
