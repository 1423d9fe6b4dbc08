import { formatPhone, formatUsd, type PublicRoom } from '@wholesail/domain';
import { MailIcon, PhoneIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDay } from '@/features/deals/deadlines';

const number = new Intl.NumberFormat('en-US');

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section id={id} aria-labelledby={`${id ?? title}-title`} className="grid gap-3 scroll-mt-4">
      <h2 id={`${id ?? title}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Beds, baths, square feet, year, lot and type: those the deal has. */
export function KeyFacts({ property }: { property: PublicRoom['property'] }) {
  const facts: [string, string | null][] = [
    ['Beds', property.beds === null ? null : String(property.beds)],
    ['Baths', property.baths === null ? null : String(property.baths)],
    ['Sq ft', property.sqft === null ? null : number.format(property.sqft)],
    ['Year built', property.year_built === null ? null : String(property.year_built)],
    ['Lot (sq ft)', property.lot_size === null ? null : number.format(property.lot_size)],
    ['Type', property.property_type],
  ];
  const known = facts.filter((f): f is [string, string] => f[1] !== null);
  if (known.length === 0) return null;
  return (
    <dl className="grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label="Property facts">
      {known.map(([label, value]) => (
        <div key={label} className="rounded-lg border bg-card p-3">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="break-words font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The ARV and the sales it rests on. */
export function ArvSection({ room }: { room: PublicRoom }) {
  if (room.arv === null && room.comps.length === 0) return null;
  return (
    <Section title="After-repair value">
      <p className="text-2xl font-semibold tabular-nums">{formatUsd(room.arv)}</p>
      {room.comps.length > 0 && (
        <Table aria-label="Comparable sales">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Address</TableHead>
              <TableHead>Sold</TableHead>
              <TableHead>Price</TableHead>
              <TableHead>Beds/Baths</TableHead>
              <TableHead>Sq ft</TableHead>
              <TableHead>Distance</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {room.comps.map((comp) => (
              <TableRow key={`${comp.address}-${comp.sold_on ?? ''}`}>
                <TableCell className="font-medium">{comp.address}</TableCell>
                <TableCell label="Sold">{comp.sold_on ? formatDay(comp.sold_on) : '—'}</TableCell>
                <TableCell label="Price" className="tabular-nums">{formatUsd(comp.sold_price)}</TableCell>
                <TableCell label="Beds/Baths">{`${comp.beds ?? '—'} / ${comp.baths ?? '—'}`}</TableCell>
                <TableCell label="Sq ft" className="tabular-nums">{comp.sqft === null ? '—' : number.format(comp.sqft)}</TableCell>
                <TableCell label="Distance">{comp.distance_miles === null ? '—' : `${comp.distance_miles.toFixed(1)} mi`}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

/** The repair estimate and its line items. */
export function RepairsSection({ room }: { room: PublicRoom }) {
  if (room.repair_estimate === null && room.repairs.length === 0) return null;
  return (
    <Section title="Repair estimate">
      <p className="text-2xl font-semibold tabular-nums">{formatUsd(room.repair_estimate)}</p>
      {room.repairs.length > 0 && (
        <ul className="divide-y rounded-lg border text-sm" aria-label="Repair items">
          {room.repairs.map((item) => (
            <li key={item.label} className="flex justify-between gap-4 px-3 py-2">
              <span className="min-w-0 break-words">{item.label}</span>
              <span className="tabular-nums">{formatUsd(item.amount)}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Asking price, earnest money and closing: the terms a buyer weighs first. */
export function TermsList({ room }: { room: PublicRoom }) {
  return (
    <dl className="grid gap-2 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Earnest money required</dt>
        <dd className="font-medium tabular-nums">{formatUsd(room.earnest_money_required)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Closing date</dt>
        <dd className="font-medium">{room.closing_date ? formatDay(room.closing_date) : 'To agree'}</dd>
      </div>
    </dl>
  );
}

/** A US number the app's way; anything else as the agent typed it. */
const phoneText = (phone: string) => (formatPhone(phone) === 'No phone' ? phone : formatPhone(phone));

/** The agent to call or write to; each way of reaching them is a tap. */
export function ContactCard({ contact, organization }: { contact: PublicRoom['contact']; organization: string }) {
  if (!contact.name && !contact.phone && !contact.email) return null;
  return (
    <div className="grid gap-2">
      <p className="text-sm">
        <span className="font-medium">{contact.name ?? organization}</span>
        {contact.name && <span className="text-muted-foreground"> · {organization}</span>}
      </p>
      <div className="flex flex-wrap gap-2">
        {contact.phone && (
          <Button asChild variant="outline" size="sm">
            <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>
              <PhoneIcon aria-hidden /> {phoneText(contact.phone)}
            </a>
          </Button>
        )}
        {contact.email && (
          <Button asChild variant="outline" size="sm" className="max-w-full">
            <a href={`mailto:${contact.email}`}>
              <MailIcon aria-hidden /> <span className="truncate">{contact.email}</span>
            </a>
          </Button>
        )}
      </div>
    </div>
  );
}
