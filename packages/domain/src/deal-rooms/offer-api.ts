import { z } from 'zod';

export const FINANCING = ['cash', 'hard_money', 'private_money', 'conventional', 'other'] as const;
export type Financing = (typeof FINANCING)[number];
export const FINANCING_LABELS: { readonly [F in Financing]: string } = {
  cash: 'Cash',
  hard_money: 'Hard money',
  private_money: 'Private money',
  conventional: 'Conventional loan',
  other: 'Other',
};
export const BUYER_OFFER_STATUSES = ['received', 'accepted', 'backup', 'declined', 'withdrawn'] as const;
export type BuyerOfferStatus = (typeof BUYER_OFFER_STATUSES)[number];

/** Offers a client may make on rooms per hour (per address), and per room per hour. */
export const ROOM_OFFERS_PER_CLIENT_PER_HOUR = 5;

const amount = (field: string) =>
  z
    .number({ error: `${field}: expected an amount in dollars` })
    .finite(`${field}: expected an amount in dollars`)
    .min(0, `${field}: must be 0 or more`)
    .max(1_000_000_000, `${field}: must be at most 1,000,000,000`);

/** An offer's terms, as a buyer gives them in the room and as the agent enters them. */
const offerTerms = {
  amount: amount('amount').refine((n) => n > 0, 'amount: enter your offer'),
  earnest_money: amount('earnest_money'),
  close_by: z.iso.date('close_by: must be a date (YYYY-MM-DD)'),
  financing: z.enum(FINANCING, 'financing: choose cash, hard money, private money, conventional loan or other'),
  proof_of_funds: z.string().trim().max(2000, 'proof_of_funds: must be at most 2000 characters').optional(),
  message: z.string().trim().max(2000, 'message: must be at most 2000 characters').optional(),
};

/** POST /api/public/deal-rooms/:slug/offers: what a buyer sends from the room (at least an email or a phone). */
export const publicOfferBody = z
  .object({
    name: z.string({ error: 'name: enter your name' }).trim().min(1, 'name: enter your name').max(200, 'name: must be at most 200 characters'),
    email: z.string({ error: 'email: enter your email' }).trim().toLowerCase().pipe(z.email('email: must be a valid email address')),
    phone: z.string({ error: 'phone: expected a phone number' }).trim().max(40, 'phone: must be at most 40 characters').optional(),
    ...offerTerms,
    /** The visit the offer comes from (the room's view_id), so the access log shows it. */
    view_id: z.uuid('view_id: expected the visit id').optional(),
    password: z.string().max(200).optional(),
    invite: z.string().max(200).optional(),
  })
  .strict();
export type PublicOfferBody = z.infer<typeof publicOfferBody>;

/** One reason in an offer's certainty, shown beside its rank. */
export const certaintyFactorSchema = z.object({ factor: z.enum(['proof_of_funds', 'earnest_money', 'days_to_close', 'financing', 'history']), points: z.number(), detail: z.string() });

/** A buyer's offer as the team sees it, with its rank (GET /api/deals/:id/offers → {items}). */
export const buyerOfferSchema = z.object({
  id: z.string(),
  deal_id: z.string(),
  buyer: z.object({ id: z.string(), contact_name: z.string(), company_name: z.string().nullable(), primary_email: z.string().nullable(), primary_phone: z.string().nullable(), source: z.string() }),
  source: z.enum(['deal_room', 'agent']),
  amount: z.number(),
  earnest_money: z.number(),
  close_by: z.string(),
  financing: z.enum(FINANCING),
  proof_of_funds: z.string().nullable(),
  message: z.string().nullable(),
  status: z.enum(BUYER_OFFER_STATUSES),
  /** amount − contract price; null while the deal has no contract price. */
  net_fee: z.number().nullable(),
  /** 0–100 from the factors below. */
  certainty: z.number(),
  factors: z.array(certaintyFactorSchema),
  /** 1 = best; offers still in play (received, accepted, backup) ranked by net fee × certainty. */
  rank: z.number().nullable(),
  reason: z.string(),
  declined_notice_at: z.string().nullable(),
  created_at: z.string(),
});
export type BuyerOffer = z.infer<typeof buyerOfferSchema>;
export const buyerOffersSchema = z.object({ items: z.array(buyerOfferSchema), contract_price: z.number().nullable() });

/** POST /api/deals/:id/offers/:offerId/accept: the deal goes to assigned with this buyer and fee. */
export const acceptOfferBody = z
  .object({
    /** Email the other bidders a polite no (their offers are declined). */
    notify_others: z.boolean().default(false),
    /** Keep this other offer as the backup (not declined, not told). */
    backup_offer_id: z.uuid('backup_offer_id: expected an offer id').nullable().optional(),
  })
  .strict();
/** PATCH /api/deals/:id/offers/:offerId {status}: mark an offer backup, declined or back to received. */
export const updateBuyerOfferBody = z.object({ status: z.enum(['received', 'backup', 'declined'], 'status: must be received, backup or declined') }).strict();

/** POST /api/deals/:id/offers: the agent records a buyer's offer made by phone or email (source 'agent'). */
export const agentOfferBody = z.object({ buyer_id: z.uuid('buyer_id: choose a buyer'), ...offerTerms }).strict();
export type AgentOfferBody = z.infer<typeof agentOfferBody>;
