import { AlertTriangleIcon, CheckCircle2Icon, MapPinIcon } from 'lucide-react';
import { useEffect, useRef, type ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { propertyFromPlace, type SelectedProperty } from './address';
import { clearListeners, loadPlaces, useMapsKey } from './google-maps';

type Props = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (text: string) => void;
  /** A place chosen from the suggestions (only with a maps key). */
  onPlaceSelected: (property: SelectedProperty) => void;
  /** True while the text is the chosen place (green check). */
  valid: boolean;
  required?: boolean;
  /** Told whether Places autocomplete is attached, so the caller can offer free-text lookup otherwise. */
  onAutocompleteChange?: (active: boolean) => void;
};

/**
 * Address field (dialer.md §4 "Address input"): with a maps key it attaches Places Autocomplete,
 * restricted to US street addresses; without one it is a plain text field.
 */
export function AddressInput({ value, onValueChange, onPlaceSelected, valid, required, onAutocompleteChange, className, ...props }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const mapsKey = useMapsKey();
  const key = mapsKey.data ?? null;
  const onPlaceRef = useRef(onPlaceSelected);
  onPlaceRef.current = onPlaceSelected;
  const onActiveRef = useRef(onAutocompleteChange);
  onActiveRef.current = onAutocompleteChange;

  useEffect(() => {
    if (!key || !inputRef.current) return;
    const input = inputRef.current;
    let cancelled = false;
    let instance: unknown = null;
    loadPlaces(key)
      .then((places) => {
        if (cancelled) return;
        const autocomplete = new places.Autocomplete(input, {
          componentRestrictions: { country: 'us' },
          types: ['address'],
          fields: ['place_id', 'formatted_address', 'address_components', 'geometry', 'name'],
        });
        instance = autocomplete;
        autocomplete.addListener('place_changed', () => {
          const property = propertyFromPlace(autocomplete.getPlace());
          if (!property) return; // a place without a place_id is ignored
          onPlaceRef.current(property);
        });
        onActiveRef.current?.(true);
      })
      .catch((error: unknown) => {
        console.warn('Google Maps Places could not load; address autocomplete is off.', error);
      });
    return () => {
      cancelled = true;
      if (instance) clearListeners(instance);
      onActiveRef.current?.(false);
    };
  }, [key]);

  const warn = Boolean(required && key && value.trim() && !valid);
  return (
    <div className="grid gap-1.5">
      <div className="relative">
        <MapPinIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          ref={inputRef}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          autoComplete="off"
          aria-required={required || undefined}
          className={cn('pl-9', (valid || warn) && 'pr-9', valid && 'border-success', warn && 'border-warning', className)}
          {...props}
        />
        {valid && <CheckCircle2Icon className="absolute top-1/2 right-3 size-4 -translate-y-1/2 text-success" aria-label="Address selected" />}
        {warn && <AlertTriangleIcon className="absolute top-1/2 right-3 size-4 -translate-y-1/2 text-warning" aria-hidden />}
      </div>
      {warn && <p className="text-xs text-warning">Choose an address from the suggestions.</p>}
    </div>
  );
}
