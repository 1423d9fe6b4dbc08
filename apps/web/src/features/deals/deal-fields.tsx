import { assignmentFee, EXIT_STRATEGIES, EXIT_STRATEGY_LABELS, formatUsd, mao, maxOffer, type Deal, type DealPatch } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon, Loader2Icon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldClassName, Input, NativeSelect } from '@/components/ui/input';
import { fieldErrorsOf } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { cn } from '@/lib/utils';
import { FIELD_GROUPS, FIELD_NAMES, formValuesOf, readChanges, type FieldDef, type FieldName, type FormValues } from './deal-field-defs';
import { updateDeal, useBuyerOptions, useDealSettings } from './deals-api';
import { fieldProps, FormField, MoneyInput } from './form-field';
import { parseMoney } from './money';

type Errors = Partial<Record<FieldName, string>>;

/**
 * The deal's fields, edited in place and saved together with PATCH (only what changed). What the user has not
 * touched follows the deal as it changes, so a teammate's save shows at once beside one's own unsaved edits.
 */
export function DealFields({ deal }: { deal: Deal }) {
  const id = useId();
  const client = useQueryClient();
  const [edits, setEdits] = useState<Partial<FormValues>>({});
  const [errors, setErrors] = useState<Errors>({});
  const values: FormValues = { ...formValuesOf(deal), ...edits };
  const read = readChanges(deal, values);
  const dirty = 'errors' in read || Object.keys(read.patch).length > 0;

  const save = useMutation({
    mutationFn: (patch: DealPatch) => updateDeal(deal.id, patch),
    onSuccess: (updated) => {
      client.setQueryData<Deal>(queryKeys.deals.detail(deal.id), (old) => ({ ...updated, offers: updated.offers ?? old?.offers }));
      void client.invalidateQueries({ queryKey: queryKeys.deals.all });
      setEdits({});
      toast.success('Deal saved');
    },
    onError: (error) => setErrors(fieldErrorsOf(error, FIELD_NAMES)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    if (Object.keys(read.patch).length > 0) save.mutate(read.patch);
  };
  const discard = () => {
    setEdits({});
    setErrors({});
    save.reset();
  };
  const set = (name: FieldName) => (event: { target: { value: string } }) => setEdits((e) => ({ ...e, [name]: event.target.value }));
  const unnamedError = save.isError && Object.keys(fieldErrorsOf(save.error, FIELD_NAMES)).length === 0 ? save.error.message : null;

  return (
    <form noValidate onSubmit={submit} className="grid gap-6" aria-label="Deal details">
      {FIELD_GROUPS.map((group) => (
        <fieldset key={group.title} className="grid gap-4">
          {/* A group of one field has its name on the field already. */}
          <legend className={cn('mb-3 text-sm font-semibold', group.fields.length === 1 && 'sr-only')}>{group.title}</legend>
          <div className={cn('grid gap-4 sm:grid-cols-2', group.wide ? 'lg:grid-cols-4' : 'lg:grid-cols-3')}>
            {group.fields.map((def) => (
              <FormField
                key={def.name}
                id={`${id}-${def.name}`}
                label={def.label}
                error={errors[def.name]}
                hint={def.name === 'assignment_fee' ? feeHint(values) : undefined}
                className={def.kind === 'longtext' ? 'sm:col-span-2 lg:col-span-3' : undefined}
              >
                <FieldControl def={def} deal={deal} value={values[def.name]} onChange={set(def.name)} {...fieldProps(`${id}-${def.name}`, errors[def.name])} />
              </FormField>
            ))}
            {group.title === 'Analysis' && <OfferLimits values={values} edited={['arv', 'repair_estimate', 'target_fee'].some((n) => n in edits)} />}
          </div>
        </fieldset>
      ))}
      {unnamedError && (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <span>{unnamedError}</span>
        </Alert>
      )}
      {dirty && (
        <div className="sticky bottom-0 -mx-6 flex flex-wrap items-center justify-end gap-2 border-t bg-card/95 px-6 py-3 backdrop-blur">
          <span className="mr-auto text-sm text-muted-foreground">You have unsaved changes.</span>
          <Button type="button" variant="outline" onClick={discard} disabled={save.isPending}>
            Discard
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
            Save changes
          </Button>
        </div>
      )}
    </form>
  );
}

type ControlProps = { def: FieldDef; deal: Deal; value: string; onChange: (event: { target: { value: string } }) => void; id: string };

function FieldControl({ def, deal, value, onChange, ...aria }: ControlProps) {
  switch (def.kind) {
    case 'money':
      return <MoneyInput value={value} onChange={onChange} {...aria} />;
    case 'date':
      return <Input type="date" value={value} onChange={onChange} {...aria} />;
    case 'text':
      return <Input value={value} onChange={onChange} maxLength={200} {...aria} />;
    case 'longtext':
      return <textarea rows={4} className={cn(fieldClassName, 'h-auto py-2')} value={value} onChange={onChange} maxLength={10_000} {...aria} />;
    case 'exit':
      return (
        <NativeSelect value={value} onChange={onChange} {...aria}>
          {EXIT_STRATEGIES.map((e) => (
            <option key={e} value={e}>
              {EXIT_STRATEGY_LABELS[e]}
            </option>
          ))}
        </NativeSelect>
      );
    case 'buyer':
      return <BuyerSelect deal={deal} value={value} onChange={onChange} {...aria} />;
  }
}

function BuyerSelect({ deal, value, onChange, ...aria }: Omit<ControlProps, 'def'>) {
  const buyers = useBuyerOptions();
  // The deal's buyer stays choosable when it is no longer active (and so not in the list).
  const listed = buyers.data?.some((b) => b.id === deal.buyer_id) ?? false;
  return (
    <div className="grid gap-1">
      <NativeSelect value={value} onChange={onChange} {...aria}>
        <option value="">{buyers.isPending ? 'Loading buyers…' : 'No buyer yet'}</option>
        {deal.buyer_id && !listed && <option value={deal.buyer_id}>{deal.buyer_name ?? 'Current buyer'}</option>}
        {buyers.data?.map((b) => (
          <option key={b.id} value={b.id}>
            {b.company_name ? `${b.contact_name} (${b.company_name})` : b.contact_name}
          </option>
        ))}
      </NativeSelect>
      {deal.buyer_id && (
        <Link to={`/buyers/${deal.buyer_id}`} className="text-xs text-primary hover:underline">
          Open {deal.buyer_name ?? 'buyer'}
        </Link>
      )}
    </div>
  );
}

const amountOf = (text: string): number | null => {
  const amount = parseMoney(text);
  return amount === null || Number.isNaN(amount) ? null : amount;
};

/** MAO and max offer from the figures on screen, by the domain's formulas (the server stores the same on save). */
function OfferLimits({ values, edited }: { values: FormValues; edited: boolean }) {
  const settings = useDealSettings();
  const [arv, repairs, targetFee] = [amountOf(values.arv), amountOf(values.repair_estimate), amountOf(values.target_fee)];
  const input = settings.data && arv !== null && repairs !== null ? { arv, repairs, settings: { maoPercent: settings.data.maoPercent } } : null;
  const maoFigure = input && mao(input);
  const maxFigure = input && targetFee !== null ? maxOffer({ ...input, targetFee }) : null;
  const note = edited ? ' Save to keep it.' : '';
  return (
    <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2 lg:col-span-4">
      <ReadOnly label="MAO" value={maoFigure?.value ?? null} formula={maoFigure ? `${maoFigure.formula}.${note}` : 'Needs the ARV and a repair estimate.'} />
      <ReadOnly label="Max offer" value={maxFigure?.value ?? null} formula={maxFigure ? `${maxFigure.formula}.${note}` : 'Needs the MAO and a target fee.'} />
    </div>
  );
}

/** The fee the buyer's price and the contract price make, as a hint beside the expected fee. */
function feeHint(values: FormValues): string | undefined {
  const [buyerPrice, contractPrice] = [amountOf(values.buyer_price), amountOf(values.contract_price)];
  if (buyerPrice === null || contractPrice === null) return undefined;
  const fee = assignmentFee({ buyerPrice, contractPrice });
  return `${formatUsd(fee.value)}: ${fee.formula}`;
}

function ReadOnly({ label, value, formula }: { label: string; value: number | null; formula: string }) {
  return (
    <div className="grid content-start gap-1.5 rounded-md bg-muted/60 px-3 py-2">
      <span className="text-sm font-medium">{label}</span>
      <output className="text-lg font-semibold tabular-nums" aria-label={label}>
        {formatUsd(value)}
      </output>
      <p className="text-xs text-muted-foreground">{formula}</p>
    </div>
  );
}
