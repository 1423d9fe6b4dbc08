import { BUYER_STRATEGIES, BUYER_STRATEGY_LABELS, PROPERTY_KIND_LABELS, PROPERTY_KINDS, type Buyer } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { Input } from '@/components/ui/input';
import { fieldProps, FormField, MoneyInput } from '@/features/deals/form-field';
import { queryKeys } from '@/lib/query-keys';
import { boxToForm, formToBox, type BuyBoxErrors, type BuyBoxForm } from './buy-box-form';
import { updateBuyer } from './buyers-api';

type Props = { buyer: Buyer; open: boolean; onOpenChange: (open: boolean) => void };

/** Edits what a buyer buys; every criterion may be left blank (an empty box takes any deal). */
export function BuyBoxDialog({ buyer, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Buy box</DialogTitle>
          <DialogDescription>What {buyer.contact_name} buys. Deals are ranked for this buyer against it; leave a criterion blank to accept anything.</DialogDescription>
        </DialogHeader>
        {open && <BuyBoxEditor buyer={buyer} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function BuyBoxEditor({ buyer, onDone }: { buyer: Buyer; onDone: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const [form, setForm] = useState<BuyBoxForm>(() => boxToForm(buyer.buy_box));
  const [errors, setErrors] = useState<BuyBoxErrors>({});
  const save = useMutation({
    mutationFn: (box: Buyer['buy_box']) => updateBuyer(buyer.id, { buy_box: box }),
    onSuccess: (updated) => {
      client.setQueryData(queryKeys.buyers.detail(buyer.id), updated);
      void client.invalidateQueries({ queryKey: queryKeys.buyers.all });
      toast.success('Buy box saved');
      onDone();
    },
    onError: (error) => toast.error('Failed to save the buy box', { description: error.message }),
  });

  const set = (key: keyof BuyBoxForm) => (event: ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: event.target.value }));
  const toggle = <K extends 'property_kinds' | 'strategies'>(key: K, value: BuyBoxForm[K][number]) =>
    setForm((f) => ({ ...f, [key]: (f[key] as string[]).includes(value) ? (f[key] as string[]).filter((v) => v !== value) : [...f[key], value] }));
  const field = (key: keyof BuyBoxForm, label: string, control: (props: ReturnType<typeof fieldProps>) => ReactNode, hint?: string, className?: string) => (
    <FormField id={`${id}-${key}`} label={label} error={errors[key]} hint={hint} className={className}>
      {control(fieldProps(`${id}-${key}`, errors[key]))}
    </FormField>
  );
  const text = (key: keyof BuyBoxForm, label: string, hint?: string, extra: Record<string, unknown> = {}, className?: string) =>
    field(key, label, (p) => <Input {...p} {...extra} value={form[key] as string} onChange={set(key)} />, hint, className);
  const money = (key: keyof BuyBoxForm, label: string) => field(key, label, (p) => <MoneyInput {...p} value={form[key] as string} onChange={set(key)} />);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = formToBox(form);
    setErrors(result.errors ?? {});
    if (result.box) save.mutate(result.box);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <Section title="Markets" hint="Any one of them is enough: a state, a city, a ZIP code, or a radius around a point.">
        {text('states', 'States', 'Two-letter codes, separated by commas: TX, OK', { placeholder: 'TX' })}
        {text('cities', 'Cities', 'Separated by commas', { placeholder: 'Austin, Round Rock' })}
        {text('zip_codes', 'ZIP codes', 'Separated by commas', { inputMode: 'numeric', placeholder: '78701, 78702' }, 'sm:col-span-2')}
        {text('radius_label', 'Radius around', 'A name for the centre, e.g. Downtown Austin')}
        {text('radius_miles', 'Radius (miles)', undefined, { inputMode: 'decimal' })}
        {text('radius_latitude', 'Centre latitude', undefined, { inputMode: 'decimal', placeholder: '30.2672' })}
        {text('radius_longitude', 'Centre longitude', undefined, { inputMode: 'decimal', placeholder: '-97.7431' })}
      </Section>
      <Section title="Property">
        <Checks legend="Property types" options={PROPERTY_KINDS.map((k) => [k, PROPERTY_KIND_LABELS[k]])} checked={form.property_kinds} onToggle={(k) => toggle('property_kinds', k)} />
        <Checks legend="Strategies" options={BUYER_STRATEGIES.map((s) => [s, BUYER_STRATEGY_LABELS[s]])} checked={form.strategies} onToggle={(s) => toggle('strategies', s)} />
        {money('price_min', 'Minimum price')}
        {money('price_max', 'Maximum price')}
        {text('min_beds', 'Minimum beds', undefined, { inputMode: 'numeric' })}
        {text('min_baths', 'Minimum baths', undefined, { inputMode: 'decimal' })}
        {money('max_repairs', 'Maximum repairs')}
        {text('close_within_days', 'Closes within (days)', undefined, { inputMode: 'numeric' })}
      </Section>
      <Section title="Proof of funds">
        {money('pof_amount', 'Amount')}
        {text('pof_dated', 'Dated', undefined, { type: 'date' })}
        {text('pof_document', 'Document', 'Where it is kept, e.g. "Chase letter, in the shared drive"', {}, 'sm:col-span-2')}
      </Section>
      <FormDialogFooter label="Save buy box" pendingLabel="Saving…" pending={save.isPending} />
    </form>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-1 text-sm font-semibold">{title}</legend>
      {hint && <p className="-mt-2 text-xs text-muted-foreground sm:col-span-2">{hint}</p>}
      {children}
    </fieldset>
  );
}

function Checks<T extends string>({ legend, options, checked, onToggle }: { legend: string; options: Array<[T, string]>; checked: readonly T[]; onToggle: (value: T) => void }) {
  return (
    <div role="group" aria-label={legend} className="grid gap-1.5 sm:col-span-2">
      <span className="text-sm font-medium">{legend}</span>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map(([value, label]) => (
          <label key={value} className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-primary" checked={checked.includes(value)} onChange={() => onToggle(value)} />
            {label}
          </label>
        ))}
      </div>
    </div>
  );
}
