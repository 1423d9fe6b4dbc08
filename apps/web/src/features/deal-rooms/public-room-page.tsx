import { formatUsd, type PublicRoom } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { fetchPublicRoom, type RoomAccessKeys } from './public-room-api';
import { PublicOfferForm } from './public-offer-form';
import { RoomUnavailable, RoomPasswordForm } from './room-closed-cards';
import { RoomGallery } from './room-gallery';
import { useHeartbeat, useNoIndex } from './room-page-effects';
import { ArvSection, ContactCard, KeyFacts, RepairsSection, Section, TermsList } from './public-room-sections';

const isPasswordError = (error: unknown) => error instanceof ApiError && error.status === 401;

/** /deal-rooms/:slug — the deal as a buyer sees it, signed out: photos, numbers, terms, the agent, and "Make an offer". */
export function PublicRoomPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const invite = params.get('invite');
  const [password, setPassword] = useState<string | null>(null);
  const access: RoomAccessKeys = { invite, password };
  useNoIndex();
  // Each load opens a visit in the access log: load once, never again on focus or on a timer.
  const room = useQuery({
    queryKey: queryKeys.publicRoom(slug, invite, password),
    queryFn: () => fetchPublicRoom(slug, access),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
  useHeartbeat(slug, room.data?.view_id ?? null, access);

  if (room.isPending) {
    return (
      <div className="mx-auto grid max-w-5xl gap-4 px-4 py-8" aria-label="Loading the deal">
        <Skeleton className="h-56 w-full" />
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (room.isError) {
    if (isPasswordError(room.error)) {
      return <RoomPasswordForm wrong={password !== null && room.error instanceof ApiError && room.error.code === 'WRONG_PASSWORD'} pending={room.isFetching} onSubmit={setPassword} />;
    }
    return <RoomUnavailable error={room.error} onRetry={() => void room.refetch()} />;
  }
  return <RoomContent room={room.data} access={access} />;
}

function placeOf(property: PublicRoom['property']): string {
  const cityLine = [property.city, [property.state, property.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [property.address, cityLine].filter(Boolean).join(', ');
}

function RoomContent({ room, access }: { room: PublicRoom; access: RoomAccessKeys }) {
  const place = placeOf(room.property);
  return (
    <div className="min-h-screen bg-muted/40">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-3 px-4">
          <span className="truncate font-semibold">{room.organization_name}</span>
          <Button asChild size="sm">
            <a href="#make-an-offer">Make an offer</a>
          </Button>
        </div>
      </header>
      <main className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr]">
        <div className="grid min-w-0 gap-6 lg:col-start-1 lg:row-start-1">
          <RoomGallery slug={room.slug} photos={room.photos} access={access} address={place || room.headline} />
          <div className="grid gap-1">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{room.headline}</h1>
            {place && place !== room.headline && <p className="text-muted-foreground">{place}</p>}
          </div>
        </div>
        {/* One price card: under the headline on a phone, beside everything on a wide screen. */}
        <aside className="lg:sticky lg:top-6 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <PriceCard room={room} />
        </aside>
        <div className="grid min-w-0 gap-6 lg:col-start-1 lg:row-start-2">
          <KeyFacts property={room.property} />
          <ArvSection room={room} />
          <RepairsSection room={room} />
          {room.description && (
            <Section title="About the property">
              <p className="whitespace-pre-wrap text-sm leading-relaxed">{room.description}</p>
            </Section>
          )}
          {room.showing_notes && (
            <Section title="Access and showings">
              <p className="whitespace-pre-wrap text-sm leading-relaxed">{room.showing_notes}</p>
            </Section>
          )}
          <Card id="make-an-offer" className="scroll-mt-4">
            <CardContent className="grid gap-4 pt-6">
              <div className="grid gap-1">
                <h2 className="text-lg font-semibold">Make an offer</h2>
                <p className="text-sm text-muted-foreground">Your offer goes straight to {room.contact.name ?? room.organization_name}, who will get back to you.</p>
              </div>
              <PublicOfferForm room={room} access={access} />
            </CardContent>
          </Card>
        </div>
      </main>
      <footer className="px-4 pb-8 text-center text-xs text-muted-foreground">Shared privately with you. Please do not forward this link.</footer>
    </div>
  );
}

/** The asking price big, then the terms and the agent. */
function PriceCard({ room }: { room: PublicRoom }) {
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <div>
          <p className="text-sm text-muted-foreground">Asking price</p>
          <p className="text-3xl font-bold tabular-nums">{room.asking_price === null ? 'Make an offer' : formatUsd(room.asking_price)}</p>
        </div>
        <TermsList room={room} />
        <ContactCard contact={room.contact} organization={room.organization_name} />
      </CardContent>
    </Card>
  );
}
