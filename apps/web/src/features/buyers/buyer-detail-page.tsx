import { formatPhone, type Buyer } from '@wholesail/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon, ArrowLeftIcon, Loader2Icon, PencilIcon, PowerIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { isNotFound } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { BuyBoxCard } from './buy-box-card';
import { EditBuyerDialog } from './buyer-dialogs';
import { BuyerMatchesCard } from './buyer-matches-card';
import { deleteBuyer, fetchBuyer, updateBuyer } from './buyers-api';
import { scoreVariant } from './buyers-page';
import { Detail } from './detail';

const backLink = (
  <Link to="/buyers" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
    <ArrowLeftIcon className="size-4" aria-hidden /> Buyers
  </Link>
);

/** /buyers/:id: one buyer, with Edit, Activate/Deactivate and Delete. */
export function BuyerDetailPage() {
  const { id = '' } = useParams();
  const query = useQuery({ queryKey: queryKeys.buyers.detail(id), queryFn: () => fetchBuyer(id), enabled: id !== '' });

  if (query.isError) {
    const notFound = isNotFound(query.error);
    return (
      <div className="grid gap-6">
        {backLink}
        {notFound ? (
          <Card className="border-dashed shadow-none">
            <CardContent className="flex flex-col items-center gap-3 py-14 text-center">
              <h1 className="text-lg font-medium">Buyer not found</h1>
              <p className="max-w-sm text-sm text-muted-foreground">It may have been deleted, or it belongs to another organization.</p>
              <Button asChild variant="outline">
                <Link to="/buyers">Back to buyers</Link>
              </Button>
            </CardContent>
          </Card>
        ) : (
          <Alert variant="destructive">
            <AlertCircleIcon aria-hidden />
            <span>{query.error.message}</span>
          </Alert>
        )}
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="grid gap-6" aria-busy>
        {backLink}
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  return <BuyerDetail buyer={query.data} />;
}

function BuyerDetail({ buyer }: { buyer: Buyer }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const toggle = useMutation({
    mutationFn: () => updateBuyer(buyer.id, { is_active: !buyer.is_active }),
    onSuccess: (updated) => {
      toast.success(updated.is_active ? 'Buyer activated' : 'Buyer deactivated');
      client.setQueryData(queryKeys.buyers.detail(buyer.id), updated);
      void client.invalidateQueries({ queryKey: queryKeys.buyers.all });
    },
    onError: (error) => toast.error('Failed to save buyer', { description: error.message }),
  });
  const remove = useMutation({
    mutationFn: () => deleteBuyer(buyer.id),
    onSuccess: () => {
      toast.success('Buyer deleted', { description: buyer.contact_name });
      setConfirming(false);
      client.removeQueries({ queryKey: queryKeys.buyers.detail(buyer.id) });
      void client.invalidateQueries({ queryKey: queryKeys.buyers.all });
      void navigate('/buyers', { replace: true });
    },
    onError: (error) => toast.error('Failed to delete buyer', { description: error.message }),
  });

  return (
    <div className="grid gap-6">
      {backLink}
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words">{buyer.contact_name}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {buyer.company_name && <span>{buyer.company_name}</span>}
            <Badge variant={scoreVariant(buyer.buyer_score)}>Score {buyer.buyer_score}</Badge>
            {buyer.is_active ? <Badge variant="success">Active</Badge> : <Badge variant="outline">Inactive</Badge>}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setEditing(true)}>
            <PencilIcon aria-hidden /> Edit
          </Button>
          <Button variant="outline" onClick={() => toggle.mutate()} disabled={toggle.isPending}>
            {toggle.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <PowerIcon aria-hidden />}
            {buyer.is_active ? 'Deactivate' : 'Activate'}
          </Button>
          <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => setConfirming(true)}>
            <Trash2Icon aria-hidden /> Delete
          </Button>
        </div>
      </header>

      <Card>
        <CardHeader>
          <CardTitle>Details</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label="Email">{buyer.primary_email ? <a href={`mailto:${buyer.primary_email}`} className="text-primary hover:underline">{buyer.primary_email}</a> : null}</Detail>
            <Detail label="Phone">{buyer.primary_phone ? formatPhone(buyer.primary_phone) : null}</Detail>
            <Detail label="Company">{buyer.company_name}</Detail>
            <Detail label="Added">{formatDate(buyer.created_at)}</Detail>
            <div className="sm:col-span-2">
              <Detail label="Notes">{buyer.notes ? <span className="whitespace-pre-wrap">{buyer.notes}</span> : null}</Detail>
            </div>
          </dl>
        </CardContent>
      </Card>

      <BuyBoxCard buyer={buyer} />
      <BuyerMatchesCard buyerId={buyer.id} />

      <EditBuyerDialog buyer={buyer} open={editing} onOpenChange={setEditing} />
      <Dialog open={confirming} onOpenChange={(open) => !remove.isPending && setConfirming(open)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete this buyer?</DialogTitle>
            <DialogDescription>{buyer.contact_name} will be removed for everyone in your organization. This cannot be undone.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => remove.mutate()} disabled={remove.isPending}>
              {remove.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
              Delete buyer
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
