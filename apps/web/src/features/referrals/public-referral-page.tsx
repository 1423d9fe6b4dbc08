import { formatPhone, formatUsd, REFERRAL_STATUS_LABELS, type PublicReferral } from '@wholesail/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon, MailIcon, PhoneIcon } from 'lucide-react';
import { useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { RoomNotice } from '@/features/deal-rooms/room-closed-cards';
import { useNoIndex } from '@/features/deal-rooms/room-page-effects';
import { ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { fetchPublicReferral } from './public-referral-api';
import { PartnerActions } from './public-referral-actions';

/** Why a link does not open, in words a partner can act on. */
function LinkProblem({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const status = error instanceof ApiError ? error.status : 0;
  const [title, text] =
    status === 404 || status === 400
      ? ['This link is not valid', 'Check that you copied the whole link from the email. If it still does not open, ask the person who referred you to send it again.']
      : status === 410
        ? ['This link no longer works', error.message]
        : status === 429
          ? ['Too many tries', 'Please wait a minute and open the link again.']
          : ['The referral could not be loaded', error.message];
  return (
    <RoomNotice>
      <CardHeader>
        <AlertCircleIcon className="size-6 text-muted-foreground" aria-hidden />
        <h1 className="text-xl leading-tight font-semibold tracking-tight">{title}</h1>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
      {status !== 404 && status !== 400 && status !== 410 && (
        <CardContent>
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        </CardContent>
      )}
    </RoomNotice>
  );
}

/** /referrals/:token — the referral as the partner agent sees it, signed out: the seller to call, the fee, and their answer. */
export function PublicReferralPage() {
  const { token = '' } = useParams();
  useNoIndex();
  const client = useQueryClient();
  const referral = useQuery({ queryKey: queryKeys.publicReferral(token), queryFn: () => fetchPublicReferral(token), retry: false, refetchOnWindowFocus: false });
  if (referral.isPending) {
    return (
      <div className="mx-auto grid max-w-3xl gap-4 px-4 py-8" aria-label="Loading the referral">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (referral.isError) return <LinkProblem error={referral.error} onRetry={() => void referral.refetch()} />;
  return <ReferralContent referral={referral.data} token={token} onChange={(next) => client.setQueryData(queryKeys.publicReferral(token), next)} />;
}

function Fact({ label, value }: { label: string; value: string | number | null }) {
  if (value === null || value === '') return null;
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

function ReferralContent({ referral, token, onChange }: { referral: PublicReferral; token: string; onChange: (next: PublicReferral) => void }) {
  const { property, seller, agent } = referral;
  const place = property.address ?? ([property.city, property.state, property.zip].filter(Boolean).join(', ') || 'The property');
  return (
    <div className="min-h-screen bg-muted/40">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between gap-3 px-4">
          <span className="truncate font-semibold">{referral.organization}</span>
          <Badge variant={referral.status === 'declined' ? 'destructive' : referral.status === 'closed' ? 'success' : 'default'}>{REFERRAL_STATUS_LABELS[referral.status]}</Badge>
        </div>
      </header>
      <main className="mx-auto grid max-w-3xl gap-4 px-4 py-6">
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">
            A seller referred to {referral.partner_name} by {agent.name} of {referral.organization}
          </p>
          <h1 className="text-2xl font-bold tracking-tight break-words">{place}</h1>
          <p className="text-sm">
            Referral fee: <strong>{referral.referral_fee_percent}%</strong> of your commission{referral.sale_price !== null && `, on a sale of ${formatUsd(referral.sale_price)}`}.
          </p>
        </div>
        <PartnerActions referral={referral} token={token} onChange={onChange} />
        <div className="grid gap-4 md:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">The seller</CardTitle>
              <CardDescription>Call them soon: they expect to hear from an agent.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-2">
              <p className="font-medium">{seller.name}</p>
              {seller.phone ? (
                <a href={`tel:${seller.phone}`} className="flex items-center gap-2 text-primary hover:underline">
                  <PhoneIcon className="size-4" aria-hidden /> {formatPhone(seller.phone)}
                </a>
              ) : (
                <p className="text-sm text-muted-foreground">No phone on record: ask {agent.name} for the best way to reach them.</p>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Who referred you</CardTitle>
              <CardDescription>{referral.organization}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-2">
              <p className="font-medium">{agent.name}</p>
              {agent.email && (
                <a href={`mailto:${agent.email}`} className="flex items-center gap-2 break-all text-primary hover:underline">
                  <MailIcon className="size-4 shrink-0" aria-hidden /> {agent.email}
                </a>
              )}
              {agent.phone && (
                <a href={`tel:${agent.phone}`} className="flex items-center gap-2 text-primary hover:underline">
                  <PhoneIcon className="size-4" aria-hidden /> {formatPhone(agent.phone)}
                </a>
              )}
            </CardContent>
          </Card>
        </div>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">The property</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
              <Fact label="Type" value={property.property_type} />
              <Fact label="Bedrooms" value={property.bedrooms} />
              <Fact label="Bathrooms" value={property.bathrooms} />
              <Fact label="Square feet" value={property.square_feet === null ? null : property.square_feet.toLocaleString('en-US')} />
              <Fact label="Year built" value={property.year_built} />
              <Fact label="City" value={[property.city, property.state, property.zip].filter(Boolean).join(', ')} />
            </dl>
            {referral.note && <p className="mt-4 rounded-md bg-muted p-3 text-sm">“{referral.note}” — {agent.name}</p>}
          </CardContent>
        </Card>
        <p className="text-center text-xs text-muted-foreground">This link is yours alone and works until {new Date(referral.link_expires_at).toLocaleDateString('en-US', { dateStyle: 'long' })}.</p>
      </main>
    </div>
  );
}
