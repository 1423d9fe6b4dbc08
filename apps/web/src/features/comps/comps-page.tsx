import { screenLinks } from '@wholesail/domain';
import { ArrowLeftIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { CompsPanel } from './comps-panel';

/** /comps/:id: the comparable sales of one lead. */
export function CompsPage() {
  const { id = '' } = useParams();
  return (
    <div className="grid gap-6">
      <Link to={screenLinks.lead(id)} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon className="size-4" aria-hidden /> Back to the lead
      </Link>
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Comparable sales</h1>
        <p className="text-sm text-muted-foreground">Recent nearby sales like this property, adjusted to it, and the after-repair value they give.</p>
      </header>
      <CompsPanel leadId={id} />
    </div>
  );
}
