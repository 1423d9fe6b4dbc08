/** The charts of the revenue figures (recharts), in their own chunk: the board shows before they load. */
import { DEAL_STAGE_LABELS, formatUsd, type Revenue } from '@wholesail/domain';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';

const compactUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
const money = (value: unknown) => (typeof value === 'number' ? formatUsd(value) : String(value));
const axisMoney = (value: number) => compactUsd.format(value);
const days = (value: unknown) => (typeof value === 'number' ? `${Math.round(value)} days` : String(value));

/** "2025-03" → "Mar"; a month of another year keeps its year ("Mar 24"). */
export function monthLabel(month: string, long = false): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match) return month;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, 1);
  return new Intl.DateTimeFormat('en-US', long ? { month: 'long', year: 'numeric' } : { month: 'short' }).format(date);
}

const CHART = { responsive: true, style: { width: '100%', height: 140 }, margin: { top: 4, right: 4, bottom: 0, left: 0 } } as const;
const tick = { fontSize: 11, fill: 'var(--color-muted-foreground)' };
const tooltip = { contentStyle: { fontSize: 12, borderRadius: 8 }, cursor: { fill: 'var(--color-muted)' } };

export function MonthlyFeesChart({ data }: { data: Revenue['closedByMonth'] }) {
  return (
    <BarChart {...CHART} data={data} aria-label="Assignment fees closed by month">
      <CartesianGrid vertical={false} stroke="var(--color-border)" />
      <XAxis dataKey="month" tickFormatter={(m: string) => monthLabel(m)} tick={tick} tickLine={false} axisLine={false} interval="preserveStartEnd" />
      <YAxis tickFormatter={axisMoney} tick={tick} tickLine={false} axisLine={false} width={48} />
      <Tooltip {...tooltip} formatter={money} labelFormatter={(m) => monthLabel(String(m), true)} />
      <Bar dataKey="fees" name="Fees" fill="var(--color-success)" radius={[3, 3, 0, 0]} />
    </BarChart>
  );
}

export function MemberFeesChart({ data }: { data: Revenue['closedByMember'] }) {
  return (
    <BarChart {...CHART} layout="vertical" data={data.slice(0, 5)} aria-label="Assignment fees closed by team member">
      <XAxis type="number" tickFormatter={axisMoney} tick={tick} tickLine={false} axisLine={false} />
      <YAxis type="category" dataKey="name" tick={tick} tickLine={false} axisLine={false} width={80} interval={0} />
      <Tooltip {...tooltip} formatter={money} />
      <Bar dataKey="fees" name="Fees" fill="var(--color-primary)" radius={[0, 3, 3, 0]} />
    </BarChart>
  );
}

export function PipelineChart({ data }: { data: Revenue['pipeline']['byStage'] }) {
  const rows = data.map((row) => ({ ...row, label: DEAL_STAGE_LABELS[row.stage] }));
  return (
    <BarChart {...CHART} style={{ ...CHART.style, height: 170 }} layout="vertical" data={rows} barGap={1} aria-label="Open pipeline by stage, expected and weighted fees">
      <XAxis type="number" tickFormatter={axisMoney} tick={tick} tickLine={false} axisLine={false} />
      <YAxis type="category" dataKey="label" tick={tick} tickLine={false} axisLine={false} width={84} interval={0} />
      <Tooltip {...tooltip} formatter={money} />
      <Bar dataKey="fees" name="Expected fees" fill="var(--color-border)" radius={[0, 3, 3, 0]} />
      <Bar dataKey="weighted" name="Weighted" fill="var(--color-primary)" radius={[0, 3, 3, 0]} />
    </BarChart>
  );
}

export function AverageFeeChart({ data }: { data: Revenue['closedByMonth'] }) {
  const rows = data.map((row) => ({ month: row.month, average: row.deals > 0 ? row.fees / row.deals : null }));
  return (
    <LineChart {...CHART} data={rows} aria-label="Average assignment fee by month">
      <CartesianGrid vertical={false} stroke="var(--color-border)" />
      <XAxis dataKey="month" tickFormatter={(m: string) => monthLabel(m)} tick={tick} tickLine={false} axisLine={false} interval="preserveStartEnd" />
      <YAxis tickFormatter={axisMoney} tick={tick} tickLine={false} axisLine={false} width={48} />
      <Tooltip {...tooltip} formatter={money} labelFormatter={(m) => monthLabel(String(m), true)} />
      <Line dataKey="average" name="Average fee" stroke="var(--color-primary)" strokeWidth={2} dot={{ r: 2 }} connectNulls />
    </LineChart>
  );
}

export function CycleChart({ data }: { data: Revenue['averageDays'] }) {
  const rows = [{ name: 'Average', toContract: data.leadToContract ?? 0, toClose: data.contractToClose ?? 0 }];
  return (
    <BarChart {...CHART} layout="vertical" data={rows} aria-label="Average days from lead to contract and from contract to close">
      <XAxis type="number" tick={tick} tickLine={false} axisLine={false} unit="d" />
      <YAxis type="category" dataKey="name" hide />
      <Tooltip {...tooltip} formatter={days} />
      <Legend iconSize={8} wrapperStyle={{ fontSize: 11 }} />
      <Bar dataKey="toContract" name="Lead → contract" stackId="days" fill="var(--color-primary)" barSize={28} />
      <Bar dataKey="toClose" name="Contract → close" stackId="days" fill="var(--color-success)" barSize={28} radius={[0, 3, 3, 0]} />
    </BarChart>
  );
}
