import { formatUsd, usedInArv, type CompsResponse } from '@wholesail/domain';
import { CartesianGrid, Legend, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useElementWidth } from '@/lib/use-element-width';
import { formatMiles, formatPerSqft } from './comps-format';

interface Point {
  x: number;
  y: number;
  label: string;
}

function PointTooltip({ active, payload }: { active?: boolean; payload?: ReadonlyArray<{ payload?: unknown }> }) {
  const point = active ? (payload?.[0]?.payload as Point | undefined) : undefined;
  if (!point) return null;
  return (
    <div className="rounded-md border bg-card px-3 py-2 text-xs shadow-md">
      <p className="font-medium">{point.label}</p>
      <p className="text-muted-foreground">
        {formatMiles(point.x)} · {formatPerSqft(point.y)}
      </p>
    </div>
  );
}

/**
 * Each comp by its distance and its price per square foot, the ones the ARV uses apart from those it leaves out;
 * the subject sits at 0 miles at its ARV per square foot.
 */
export function CompsPlot({ data }: { data: CompsResponse }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const point = (c: CompsResponse['comps'][number]): Point => ({ x: c.distance_miles, y: c.price_per_sqft ?? 0, label: c.address });
  const withSize = data.comps.filter((c) => c.price_per_sqft !== null);
  const used = withSize.filter(usedInArv).map(point);
  const left = withSize.filter((c) => !usedInArv(c)).map(point);
  const subject = data.arv.value === null ? [] : [{ x: 0, y: Math.round((data.arv.value / data.subject.building_square_feet) * 100) / 100, label: 'Subject at its ARV' }];
  return (
    <figure ref={ref} className="grid gap-2" aria-label="Price per square foot by distance">
      {width !== null && width > 0 && (
        <ScatterChart width={width} height={280} margin={{ top: 8, right: 12, bottom: 4, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
          <XAxis type="number" dataKey="x" name="Distance" domain={[0, 'auto']} tickFormatter={(v: number) => `${v} mi`} fontSize={12} />
          <YAxis type="number" dataKey="y" name="Price per sqft" domain={['auto', 'auto']} tickFormatter={(v: number) => formatUsd(v)} width={56} fontSize={12} />
          <Tooltip content={({ active, payload }) => <PointTooltip active={active} payload={payload} />} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Scatter name="Used in the ARV" data={used} fill="var(--color-primary)" />
          <Scatter name="Left out" data={left} fill="var(--color-muted-foreground)" />
          <Scatter name="Subject" data={subject} fill="var(--color-warning)" shape="star" />
        </ScatterChart>
      )}
      <figcaption className="text-xs text-muted-foreground">Price per square foot by distance from the subject; the subject is shown at its ARV per square foot.</figcaption>
    </figure>
  );
}
