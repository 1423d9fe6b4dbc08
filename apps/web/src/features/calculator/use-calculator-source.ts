import { type Deal, DEFAULT_DEAL_SETTINGS, type Lead } from '@wholesail/domain';
import { useState } from 'react';
import { useLead } from '@/features/leads/leads-api';
import { errorText, isNotFound } from '@/lib/api';
import { useDeal, useDealSettings, useOpenDeal } from '@/features/deals/deals-api';
import { useDealAnalyses } from './calculator-api';
import { blankInputs, type CalculatorInputs, fromSaved, withDeal, withLead } from './calculator-inputs';

/** Where the calculator starts: the defaults, the lead's property, the deal's figures, the latest saved version. */
export interface CalculatorStart {
  inputs: CalculatorInputs;
  /** The inputs before any saved version: what a version's missing fields fall back to. */
  defaults: CalculatorInputs;
  dealId: string | null;
  leadId: string | null;
  version: number | null;
  lead: Lead | null;
  deal: Deal | null;
  /** What could not be read (an unknown lead or deal): the calculator still opens, blank. */
  problem: string | null;
}

/**
 * Reads the records the calculator starts from, and builds its first inputs once, when they have all answered:
 * later refreshes (after a save opens a deal) must not reset what the user typed.
 */
export function useCalculatorSource({ dealId, leadId }: { dealId?: string; leadId?: string }): CalculatorStart | null {
  const settings = useDealSettings();
  const deal = useDeal(dealId ?? null);
  const openDeal = useOpenDeal(dealId === undefined ? (leadId ?? null) : null);
  const sourceLeadId = leadId ?? deal.data?.lead_id ?? null;
  const lead = useLead(sourceLeadId);
  const dealRecord = deal.data ?? openDeal.data ?? null;
  const analyses = useDealAnalyses(dealRecord?.id ?? null);
  const [start, setStart] = useState<CalculatorStart | null>(null);

  const waiting =
    settings.isPending ||
    (dealId !== undefined && deal.isPending) ||
    (sourceLeadId !== null && lead.isPending) ||
    (dealId === undefined && leadId !== undefined && openDeal.isPending) ||
    (dealRecord !== null && analyses.isPending);
  if (start !== null || waiting) return start;

  let defaults = blankInputs(settings.data ?? DEFAULT_DEAL_SETTINGS);
  if (lead.data) defaults = withLead(defaults, lead.data);
  if (dealRecord) defaults = withDeal(defaults, dealRecord);
  const latest = analyses.data?.[0];
  const saved = latest ? fromSaved(latest.inputs, defaults) : null;
  const problem =
    deal.isError ? (isNotFound(deal.error) ? 'Deal not found. The calculator starts blank.' : errorText(deal.error, 'The deal could not be loaded.'))
    : leadId !== undefined && lead.isError ? (isNotFound(lead.error) ? 'Lead not found. The calculator starts blank.' : errorText(lead.error, 'The lead could not be loaded.'))
    : null;
  const next: CalculatorStart = {
    inputs: saved ?? defaults,
    defaults,
    dealId: dealRecord?.id ?? null,
    // A lead that could not be read cannot take a deal: the calculator works standalone.
    leadId: lead.data ? lead.data.id : null,
    version: saved && latest ? latest.version : null,
    lead: lead.data ?? null,
    deal: dealRecord,
    problem,
  };
  // Built during render once (React's "adjust state on render" pattern), so the first paint already has it.
  setStart(next);
  return next;
}
