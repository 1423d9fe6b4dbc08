/** Search the organization's leads by name, address or phone and pick one (the dialer and "New text"). */
import { displayName, formatPhone, type LeadListItem } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import { SearchIcon } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Input } from '@/components/ui/input';
import { leadAddress, primaryPhone } from '@/features/leads/lead-format';
import type { LeadList } from '@/features/leads/leads-api';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

type Props = {
  onPick: (lead: LeadListItem) => void;
  /** Focus the search box on mount (inside a dialog). */
  autoFocus?: boolean;
};

export function LeadPicker({ onPick, autoFocus }: Props) {
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const results = useQuery({
    queryKey: queryKeys.leads.picker(term),
    queryFn: ({ signal }) => apiRequest<LeadList>(`/api/leads?search=${encodeURIComponent(term)}&limit=10`, { signal }),
    enabled: term.length > 0,
  });
  return (
    <div className="grid gap-2">
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          className="pl-9"
          aria-label="Search leads"
          placeholder="Search leads by name, address or phone"
          value={search}
          autoFocus={autoFocus}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {term && results.isPending && <p className="text-sm text-muted-foreground">Searching...</p>}
      {results.isError && <p className="text-sm text-destructive">{results.error.message}</p>}
      {results.data && results.data.items.length === 0 && <p className="text-sm text-muted-foreground">No leads found</p>}
      {results.data && results.data.items.length > 0 && (
        <ul className="max-h-80 divide-y overflow-y-auto rounded-md border" aria-label="Lead results">
          {results.data.items.map((lead) => {
            const phone = primaryPhone(lead);
            return (
              <li key={lead.id}>
                <button type="button" className="grid w-full gap-0.5 px-3 py-2 text-left text-sm hover:bg-muted" onClick={() => onPick(lead)}>
                  <span className="font-medium">{displayName(lead)}</span>
                  <span className="text-muted-foreground">
                    {[leadAddress(lead), phone ? formatPhone(phone) : 'No phone number'].filter(Boolean).join(' · ')}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
