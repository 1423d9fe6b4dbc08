import { formatUsd, PARTNER_PROGRESS, REFERRAL_STATUS_LABELS, type PartnerProgress, type PublicReferral } from '@wholesail/domain';
import { useMutation } from '@tanstack/react-query';
import { CheckIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldClassName } from '@/components/ui/input';
import { FormField, MoneyInput, fieldProps } from '@/features/deals/form-field';
import { parseMoney } from '@/features/deals/money';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { reportReferralStatus, respondToReferral } from './public-referral-api';
import { sentence } from '@/lib/sentence';

type Props = { referral: PublicReferral; token: string; onChange: (next: PublicReferral) => void };

const failure = (error: Error) => (error instanceof ApiError && error.status === 429 ? 'Too many tries. Please wait a minute and try again.' : sentence(error.message));

/** What the partner can do now: accept or decline a new referral, then report listed, under contract and closed. */
export function PartnerActions({ referral, token, onChange }: Props) {
  if (referral.status === 'sent') return <Answer token={token} onChange={onChange} />;
  if (referral.status === 'declined') return <Notice title="You declined this referral" text={`Thank you for letting us know. ${referral.organization} will find another agent.`} />;
  if (referral.status === 'closed') {
    return <Notice title="Closed — thank you!" text={`You reported the sale closed${referral.sale_price === null ? '' : ` at ${formatUsd(referral.sale_price)}`}. ${referral.organization} will be in touch about the referral fee.`} />;
  }
  return <Progress referral={referral} token={token} onChange={onChange} />;
}

function Notice({ title, text }: { title: string; text: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
    </Card>
  );
}

function NoteField({ id, value, onChange, label }: { id: string; value: string; onChange: (v: string) => void; label: string }) {
  return (
    <FormField id={id} label={label}>
      <textarea id={id} rows={2} className={cn(fieldClassName, 'h-auto py-2')} value={value} onChange={(e) => onChange(e.target.value)} />
    </FormField>
  );
}

function Answer({ token, onChange }: Omit<Props, 'referral'>) {
  const id = useId();
  const [note, setNote] = useState('');
  const answer = useMutation({
    mutationFn: (decision: 'accept' | 'decline') => respondToReferral(token, { decision, ...(note.trim() ? { note: note.trim() } : {}) }),
    onSuccess: onChange,
  });
  return (
    <Card className="border-primary/40">
      <CardHeader>
        <CardTitle className="text-base">Will you take this referral?</CardTitle>
        <CardDescription>Accept to work with the seller; you can then tell us here when the home is listed, under contract and sold.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <NoteField id={`${id}-note`} label="Note (optional)" value={note} onChange={setNote} />
        {answer.error && <p className="text-sm font-medium text-destructive">{failure(answer.error)}</p>}
        <div className="flex flex-wrap gap-2">
          <Button disabled={answer.isPending} onClick={() => answer.mutate('accept')}>
            <CheckIcon aria-hidden /> Accept referral
          </Button>
          <Button variant="outline" disabled={answer.isPending} onClick={() => answer.mutate('decline')}>
            <XIcon aria-hidden /> Decline
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function Progress({ referral, token, onChange }: Props) {
  const id = useId();
  const [note, setNote] = useState('');
  const [price, setPrice] = useState('');
  const [priceError, setPriceError] = useState<string>();
  const next = PARTNER_PROGRESS.filter((s) => PARTNER_PROGRESS.indexOf(s) > PARTNER_PROGRESS.indexOf(referral.status as PartnerProgress));
  const report = useMutation({
    mutationFn: (body: { status: PartnerProgress; sale_price?: number }) => reportReferralStatus(token, { ...body, ...(note.trim() ? { note: note.trim() } : {}) }),
    onSuccess: (updated) => {
      setNote('');
      onChange(updated);
    },
  });
  const send = (status: PartnerProgress) => {
    if (status !== 'closed') return report.mutate({ status });
    const amount = parseMoney(price);
    if (amount === null || Number.isNaN(amount) || amount <= 0) return setPriceError('Enter the sale price in dollars, like 425,000.');
    setPriceError(undefined);
    report.mutate({ status, sale_price: amount });
  };
  return (
    <Card className="border-primary/40">
      <CardHeader>
        <CardTitle className="text-base">Update the status</CardTitle>
        <CardDescription>Now: {REFERRAL_STATUS_LABELS[referral.status]}. Tell {referral.organization} when the home moves forward.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <FormField id={`${id}-price`} label="Sale price (when closed)" error={priceError}>
          <MoneyInput value={price} onChange={(e) => setPrice(e.target.value)} {...fieldProps(`${id}-price`, priceError)} />
        </FormField>
        <NoteField id={`${id}-note`} label="Note (optional)" value={note} onChange={setNote} />
        {report.error && <p className="text-sm font-medium text-destructive">{failure(report.error)}</p>}
        <div className="flex flex-wrap gap-2">
          {next.map((status) => (
            <Button key={status} variant={status === 'closed' ? 'default' : 'outline'} disabled={report.isPending} onClick={() => send(status)}>
              {status === 'closed' ? 'Closed with sale price' : REFERRAL_STATUS_LABELS[status]}
            </Button>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
