import { BUYER_STRATEGY_LABELS, formatUsd, PROPERTY_KIND_LABELS, type BuyBox, type Buyer } from '@wholesail/domain';
import { PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { BuyBoxDialog } from './buy-box-dialog';
import { Detail } from './detail';

/** The buy box in words, one line per criterion set; an empty box says it takes any deal. */
export function buyBoxLines(box: BuyBox): Array<[string, string]> {
  const lines: Array<[string, string]> = [];
  const markets = [...box.states, ...box.cities, ...box.zip_codes.map((z) => `ZIP ${z}`)];
  if (box.radius) markets.push(`${box.radius.miles} mi around ${box.radius.label ?? `${box.radius.latitude}, ${box.radius.longitude}`}`);
  if (markets.length) lines.push(['Markets', markets.join(', ')]);
  if (box.property_kinds.length) lines.push(['Property types', box.property_kinds.map((k) => PROPERTY_KIND_LABELS[k]).join(', ')]);
  if (box.price_min !== null || box.price_max !== null) {
    lines.push(['Price', box.price_min !== null && box.price_max !== null ? `${formatUsd(box.price_min)} – ${formatUsd(box.price_max)}` : box.price_max !== null ? `Up to ${formatUsd(box.price_max)}` : `From ${formatUsd(box.price_min)}`]);
  }
  if (box.min_beds !== null || box.min_baths !== null) lines.push(['Size', [box.min_beds !== null && `${box.min_beds}+ beds`, box.min_baths !== null && `${box.min_baths}+ baths`].filter(Boolean).join(', ')]);
  if (box.max_repairs !== null) lines.push(['Repairs', `Up to ${formatUsd(box.max_repairs)}`]);
  if (box.strategies.length) lines.push(['Strategies', box.strategies.map((s) => BUYER_STRATEGY_LABELS[s]).join(', ')]);
  if (box.close_within_days !== null) lines.push(['Closes', `Within ${box.close_within_days} days`]);
  if (box.proof_of_funds) {
    const pof = box.proof_of_funds;
    lines.push(['Proof of funds', `${formatUsd(pof.amount)}, dated ${formatDate(`${pof.dated}T12:00:00`)}${pof.document ? ` (${pof.document})` : ''}`]);
  }
  return lines;
}

export function BuyBoxCard({ buyer }: { buyer: Buyer }) {
  const [editing, setEditing] = useState(false);
  const lines = buyBoxLines(buyer.buy_box);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle>Buy box</CardTitle>
          <CardDescription>{lines.length === 0 ? 'Not set: every deal matches this buyer.' : 'What this buyer buys; deals are ranked against it.'}</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          <PencilIcon aria-hidden /> {lines.length === 0 ? 'Set buy box' : 'Edit buy box'}
        </Button>
      </CardHeader>
      {lines.length > 0 && (
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-2">
            {lines.map(([label, value]) => (
              <Detail key={label} label={label}>
                {value}
              </Detail>
            ))}
          </dl>
        </CardContent>
      )}
      <BuyBoxDialog buyer={buyer} open={editing} onOpenChange={setEditing} />
    </Card>
  );
}
