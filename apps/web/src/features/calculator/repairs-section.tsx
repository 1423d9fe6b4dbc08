import { REPAIR_CATEGORIES, type RepairCategory, type RepairEstimate } from '@wholesail/domain';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { type CalculatorInputs, newItemId, type RepairItem } from './calculator-inputs';
import { FigureStat } from './figure-stat';
import { NumberField } from './number-field';
import type { InputsPatch } from './property-section';
import { RepairLine } from './repair-line';
import { TierPicker } from './tier-picker';

/** The next category not on the list yet, so "Add line item" walks through them. */
function nextCategory(items: readonly RepairItem[]): RepairCategory {
  return REPAIR_CATEGORIES.find((c) => c !== 'other' && !items.some((item) => item.category === c)) ?? 'other';
}

/** Repairs by line items or by a quick tier per square foot, a contingency, and the totals as you type. */
export function RepairsSection({ inputs, onChange, estimate }: { inputs: CalculatorInputs; onChange: InputsPatch; estimate: RepairEstimate }) {
  const [focusId, setFocusId] = useState<string | null>(null);
  const { items } = inputs;

  const add = () => {
    const item: RepairItem = { id: newItemId(), category: nextCategory(items), quantity: 1, unitCost: null };
    setFocusId(item.id);
    onChange({ items: [...items, item] });
  };
  const update = (id: string, patch: Partial<RepairItem>) => onChange({ items: items.map((item) => (item.id === id ? { ...item, ...patch } : item)) });
  const remove = (id: string) => onChange({ items: items.filter((item) => item.id !== id) });

  return (
    <Card role="region" aria-label="Repairs">
      <CardHeader>
        <CardTitle>Repairs</CardTitle>
        <CardDescription>List the work item by item, or price the whole house by its size.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Tabs value={inputs.repairMode} onValueChange={(mode) => onChange({ repairMode: mode === 'tier' ? 'tier' : 'items' })}>
          <TabsList aria-label="Estimate repairs by">
            <TabsTrigger value="items">Line items</TabsTrigger>
            <TabsTrigger value="tier">Quick tier</TabsTrigger>
          </TabsList>
          <TabsContent value="items" className="mt-4 grid gap-3">
            {items.length === 0 ? (
              <p className="text-sm text-muted-foreground">No line items yet. Add the roof, the kitchen, the paint: each as quantity × unit cost.</p>
            ) : (
              <ul className="grid gap-3" aria-label="Repair line items">
                {items.map((item, index) => (
                  <RepairLine
                    key={item.id}
                    item={item}
                    index={index}
                    autoFocus={item.id === focusId}
                    onChange={(patch) => update(item.id, patch)}
                    onRemove={() => remove(item.id)}
                  />
                ))}
              </ul>
            )}
            <div>
              <Button type="button" variant="outline" onClick={add}>
                <PlusIcon aria-hidden /> Add line item
              </Button>
            </div>
          </TabsContent>
          <TabsContent value="tier" className="mt-4">
            <TierPicker inputs={inputs} onChange={onChange} />
          </TabsContent>
        </Tabs>
        <div className="grid gap-4 border-t pt-4 sm:grid-cols-4">
          <NumberField label="Contingency" kind="percent" max={50} value={inputs.contingencyPercent} onChange={(v) => onChange({ contingencyPercent: v ?? 0 })} />
          <FigureStat label="Subtotal" figure={estimate.subtotal} />
          <FigureStat label="Contingency amount" figure={estimate.contingency} />
          <FigureStat label="Total repairs" figure={estimate.total} />
        </div>
      </CardContent>
    </Card>
  );
}
