import type { Deal } from '@wholesail/domain';
import { lazy, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Breadcrumb, RecordLoadError, RecordPageSkeleton } from '@/components/record-page';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { isNotFound } from '@/lib/api';
import { DealFields } from './deal-fields';
import { DealHeader } from './deal-header';
import { DealOffers } from './deal-offers';
import { DealTimeline } from './deal-timeline';
import { useDeal } from './deals-api';

// The calculator loads when its tab opens.
const DealCalculator = lazy(() => import('@/features/calculator/deal-calculator').then((m) => ({ default: m.DealCalculator })));
const DealBuyersPanel = lazy(() => import('@/features/buyers/deal-buyers-panel').then((m) => ({ default: m.DealBuyersPanel })));
const DealRoomPanel = lazy(() => import('@/features/deal-rooms/deal-room-panel').then((m) => ({ default: m.DealRoomPanel })));
const BuyerOffersPanel = lazy(() => import('@/features/deal-rooms/buyer-offers-panel').then((m) => ({ default: m.BuyerOffersPanel })));
const CompsPanel = lazy(() => import('@/features/comps/comps-panel').then((m) => ({ default: m.CompsPanel })));

const REVENUE = { to: '/revenue', label: 'Revenue' };

type DealTab = { value: string; label: string; render: (deal: Deal) => ReactNode };

/** The deal's tabs, in order; another tool of the deal is one more entry. */
const DEAL_TABS: readonly DealTab[] = [
  { value: 'details', label: 'Details', render: (deal) => <DealFields deal={deal} /> },
  { value: 'offers', label: 'Offers', render: (deal) => <DealOffers deal={deal} /> },
  { value: 'comps', label: 'Comps', render: (deal) => <CompsPanel leadId={deal.lead_id} dealId={deal.id} /> },
  { value: 'buyers', label: 'Buyers', render: (deal) => <DealBuyersPanel dealId={deal.id} /> },
  { value: 'room', label: 'Deal room', render: (deal) => <DealRoomPanel dealId={deal.id} leadId={deal.lead_id} /> },
  { value: 'buyer-offers', label: 'Buyer offers', render: (deal) => <BuyerOffersPanel dealId={deal.id} /> },
  { value: 'calculator', label: 'Calculator', render: (deal) => <DealCalculator dealId={deal.id} leadId={deal.lead_id} /> },
  { value: 'timeline', label: 'Timeline', render: (deal) => <DealTimeline dealId={deal.id} /> },
];

/** /deals/:id — one deal: its header, then Details, Offers, Comps, Buyers, Deal room, Buyer offers, Calculator and Timeline (the tab is in the URL). */
export function DealPage() {
  const { id = '' } = useParams();
  const deal = useDeal(id);
  const [params, setParams] = useSearchParams();
  const tab = DEAL_TABS.find((t) => t.value === params.get('tab'))?.value ?? DEAL_TABS[0]!.value;

  if (deal.isPending) return <RecordPageSkeleton label="Loading deal" breadcrumb={<Breadcrumb parent={REVENUE} current="Deal" />} />;
  if (deal.isError) {
    const notFound = isNotFound(deal.error);
    return (
      <RecordLoadError
        breadcrumb={<Breadcrumb parent={REVENUE} current={notFound ? 'Not found' : 'Deal'} />}
        notFound={notFound}
        noun="Deal"
        notFoundText="It may have been removed, or it belongs to another organization."
        message={deal.error.message}
        onRetry={() => void deal.refetch()}
        back={{ to: '/revenue', label: 'Back to the pipeline' }}
      />
    );
  }
  return (
    <div className="grid gap-6">
      <Breadcrumb parent={REVENUE} current={deal.data.lead_name} />
      <DealHeader deal={deal.data} />
      <Tabs value={tab} onValueChange={(value) => setParams(value === DEAL_TABS[0]!.value ? {} : { tab: value }, { replace: true })} className="grid gap-4">
        <TabsList className="h-auto max-w-full flex-wrap justify-self-start">
          {DEAL_TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {DEAL_TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            <Card>
              <CardContent className="pt-6">{t.render(deal.data)}</CardContent>
            </Card>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
