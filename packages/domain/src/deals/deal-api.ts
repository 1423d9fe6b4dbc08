import { z } from 'zod';

/** A deal's path (issue 20): `dead` can be reached from any stage and needs a reason. */
export const DEAL_STAGES = ['analyzing', 'offer_made', 'under_contract', 'marketing', 'assigned', 'closed', 'dead'] as const;
export type DealStage = (typeof DEAL_STAGES)[number];
/** The stages of a deal still being worked (the board's columns before closed and dead). */
export const OPEN_DEAL_STAGES = ['analyzing', 'offer_made', 'under_contract', 'marketing', 'assigned'] as const satisfies readonly DealStage[];

export const DEAL_STAGE_LABELS: { readonly [S in DealStage]: string } = {
  analyzing: 'Analyzing',
  offer_made: 'Offer made',
  under_contract: 'Under contract',
  marketing: 'Marketing',
  assigned: 'Assigned',
  closed: 'Closed',
  dead: 'Dead',
};

export const EXIT_STRATEGIES = ['assignment', 'double_close', 'novation', 'refer_out'] as const;
export type ExitStrategy = (typeof EXIT_STRATEGIES)[number];
export const EXIT_STRATEGY_LABELS: { readonly [E in ExitStrategy]: string } = {
  assignment: 'Assignment',
  double_close: 'Double close',
  novation: 'Novation',
  refer_out: 'Refer out',
};

export const OFFER_STATUSES = ['sent', 'countered', 'accepted', 'rejected'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

const money = (field: string) =>
  z
    .number({ error: `${field}: expected an amount in dollars` })
    .finite(`${field}: expected an amount in dollars`)
    .min(0, `${field}: must be 0 or more`)
    .max(1_000_000_000, `${field}: must be at most 1,000,000,000`);
const day = (field: string) => z.iso.date(`${field}: must be a date (YYYY-MM-DD)`);
const text = (field: string, max: number) => z.string({ error: `${field}: expected text` }).trim().max(max, `${field}: must be at most ${max} characters`);

export const offerSchema = z.object({
  id: z.string(),
  deal_id: z.string(),
  amount: z.number(),
  offered_on: z.string(),
  terms: z.string().nullable(),
  status: z.enum(OFFER_STATUSES),
  counter_amount: z.number().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DealOffer = z.infer<typeof offerSchema>;

/** A deal as the API returns it; `mao` and `max_offer` are computed from arv, repairs, fee and the organization's rule. */
export const dealSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  lead_name: z.string(),
  property_address: z.string().nullable(),
  stage: z.enum(DEAL_STAGES),
  dead_reason: z.string().nullable(),
  owner_user_id: z.string().nullable(),
  owner_name: z.string().nullable(),
  asking_price: z.number().nullable(),
  contract_price: z.number().nullable(),
  earnest_money: z.number().nullable(),
  earnest_money_due: z.string().nullable(),
  inspection_ends: z.string().nullable(),
  closing_date: z.string().nullable(),
  title_company: z.string().nullable(),
  arv: z.number().nullable(),
  repair_estimate: z.number().nullable(),
  target_fee: z.number().nullable(),
  mao: z.number().nullable(),
  max_offer: z.number().nullable(),
  buyer_id: z.string().nullable(),
  buyer_name: z.string().nullable(),
  buyer_price: z.number().nullable(),
  assignment_fee: z.number().nullable(),
  assignment_fee_actual: z.number().nullable(),
  exit_strategy: z.enum(EXIT_STRATEGIES),
  notes: z.string().nullable(),
  /** When the deal entered its current stage, went under contract and closed (ISO). */
  stage_changed_at: z.string(),
  contracted_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  lead_created_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Offers, newest first (GET /api/deals/:id only; lists leave them out). */
  offers: z.array(offerSchema).optional(),
});
export type Deal = z.infer<typeof dealSchema>;
export const dealPageSchema = z.object({ items: z.array(dealSchema), total: z.number() });

/** The fields a member may write on a deal (POST adds lead_id; stage moves only through /stage). */
const dealFields = {
  owner_user_id: z.string({ error: 'owner_user_id: expected a member id' }).min(1, 'owner_user_id: expected a member id').max(100, 'owner_user_id: expected a member id').nullable(),
  asking_price: money('asking_price').nullable(),
  contract_price: money('contract_price').nullable(),
  earnest_money: money('earnest_money').nullable(),
  earnest_money_due: day('earnest_money_due').nullable(),
  inspection_ends: day('inspection_ends').nullable(),
  closing_date: day('closing_date').nullable(),
  title_company: text('title_company', 200).nullable(),
  arv: money('arv').nullable(),
  repair_estimate: money('repair_estimate').nullable(),
  target_fee: money('target_fee').nullable(),
  buyer_id: z.uuid('buyer_id: expected a buyer id').nullable(),
  buyer_price: money('buyer_price').nullable(),
  assignment_fee: money('assignment_fee').nullable(),
  assignment_fee_actual: money('assignment_fee_actual').nullable(),
  exit_strategy: z.enum(EXIT_STRATEGIES, { error: 'exit_strategy: expected assignment, double_close, novation or refer_out' }),
  notes: text('notes', 10_000).nullable(),
};
export const updateDealBody = z.object(dealFields).partial().strict();
export type DealPatch = z.infer<typeof updateDealBody>;
export const createDealBody = z
  .object({ lead_id: z.uuid('lead_id: expected a lead id'), ...dealFields })
  .partial()
  .required({ lead_id: true })
  .strict();

/** POST /api/deals/:id/stage: the fields a stage needs may come with the move (the board asks for them). */
export const stageChangeBody = z
  .object({
    stage: z.enum(DEAL_STAGES, { error: `stage: expected one of ${DEAL_STAGES.join(', ')}` }),
    reason: text('reason', 500).min(1, 'reason: is required').optional(),
    fields: updateDealBody.optional(),
  })
  .strict();

export const offerBody = z
  .object({
    amount: money('amount'),
    offered_on: day('offered_on').optional(),
    terms: text('terms', 2000).nullable().optional(),
    status: z.enum(OFFER_STATUSES, { error: 'status: expected sent, countered, accepted or rejected' }).optional(),
    counter_amount: money('counter_amount').nullable().optional(),
  })
  .strict();
export const updateOfferBody = offerBody.partial().strict();

/** `?owner=`: the user id of a member whose deals alone are counted (another organization's id matches nothing). */
export const ownerFilter = z.string({ error: 'owner: expected a member id' }).min(1, 'owner: expected a member id').max(100, 'owner: expected a member id').optional();

export const listDealsQuery = z
  .object({
    stage: z.enum([...DEAL_STAGES, 'open'], { error: `stage: expected open or one of ${DEAL_STAGES.join(', ')}` }).optional(),
    owner: ownerFilter,
    lead_id: z.uuid('lead_id: expected a lead id').optional(),
    search: z.string().trim().max(200, 'search: must be at most 200 characters').optional(),
    limit: z.coerce.number({ error: 'limit: must be a number' }).int().min(1, 'limit: must be 1 or more').max(500, 'limit: must be at most 500').default(50),
    offset: z.coerce.number({ error: 'offset: must be a number' }).int().min(0, 'offset: must be 0 or more').default(0),
  })
  .strict();

/** One entry of a deal's timeline: who changed what, when. */
export const dealEventSchema = z.object({
  id: z.string(),
  kind: z.enum(['created', 'updated', 'stage', 'offer', 'offer_updated', 'analysis', 'room', 'buyer_offer']),
  summary: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type DealEvent = z.infer<typeof dealEventSchema>;

/** A saved calculator run: its inputs as the calculator holds them and the figures it produced. */
export const analysisBody = z
  .object({
    inputs: z.record(z.string(), z.unknown()).refine((v) => JSON.stringify(v).length <= 50_000, 'inputs: must be under 50,000 characters'),
    arv: money('arv'),
    repair_estimate: money('repair_estimate'),
    target_fee: money('target_fee').optional(),
    mao: z.number().finite().optional(),
    max_offer: z.number().finite().optional(),
  })
  .strict();
export const dealAnalysisSchema = z.object({
  id: z.string(),
  deal_id: z.string(),
  version: z.number(),
  inputs: z.record(z.string(), z.unknown()),
  arv: z.number(),
  repair_estimate: z.number(),
  target_fee: z.number().nullable(),
  mao: z.number().nullable(),
  max_offer: z.number().nullable(),
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type DealAnalysis = z.infer<typeof dealAnalysisSchema>;
