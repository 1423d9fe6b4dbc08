import { z } from 'zod';

/** Who may open a room (issue 21): anyone with the link, anyone with the link and the password, or invited buyers only. */
export const ROOM_ACCESS = ['link', 'password', 'invited'] as const;
export type RoomAccess = (typeof ROOM_ACCESS)[number];
export const ROOM_ACCESS_LABELS: { readonly [A in RoomAccess]: string } = {
  link: 'Anyone with the link',
  password: 'Anyone with the link and the password',
  invited: 'Invited buyers only',
};
export const ROOM_STATUSES = ['open', 'closed'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

/** Photos: JPEG, PNG or WebP, at most this many bytes each and this many per room. */
export const ROOM_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ROOM_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const ROOM_PHOTOS_MAX = 30;
export const ROOM_PASSWORD_MIN = 6;

const money = (field: string) =>
  z
    .number({ error: `${field}: expected an amount in dollars` })
    .finite(`${field}: expected an amount in dollars`)
    .min(0, `${field}: must be 0 or more`)
    .max(1_000_000_000, `${field}: must be at most 1,000,000,000`);
const text = (field: string, max: number) => z.string({ error: `${field}: expected text` }).trim().max(max, `${field}: must be at most ${max} characters`);

/** The comps used for the ARV, as a buyer sees them: no owner, no seller. */
export const publicCompSchema = z.object({ address: z.string().trim().min(1, 'comps: each comp needs an address').max(300), sold_price: z.number().nullable(), sold_on: z.string().nullable(), beds: z.number().nullable(), baths: z.number().nullable(), sqft: z.number().nullable(), distance_miles: z.number().nullable() });
export type PublicComp = z.infer<typeof publicCompSchema>;
/** At most this many comps on a room. */
export const ROOM_COMPS_MAX = 12;

export const roomPhotoSchema = z.object({ id: z.string(), url: z.string(), caption: z.string().nullable(), content_type: z.string(), bytes: z.number() });
export type RoomPhoto = z.infer<typeof roomPhotoSchema>;

/** The room's settings and what buyers see, as the team reads them (GET/POST/PATCH /api/deals/:id/room). */
export const dealRoomSchema = z.object({
  id: z.string(),
  deal_id: z.string(),
  slug: z.string(),
  /** The public link (PUBLIC_URL + /deal-rooms/{slug}). */
  url: z.string(),
  access: z.enum(ROOM_ACCESS),
  has_password: z.boolean(),
  status: z.enum(ROOM_STATUSES),
  expires_at: z.string().nullable(),
  /** open, closed or expired: what a buyer opening it now gets. */
  state: z.enum(['open', 'closed', 'expired']),
  headline: z.string().nullable(),
  asking_price: z.number().nullable(),
  description: z.string().nullable(),
  showing_notes: z.string().nullable(),
  earnest_money_required: z.number().nullable(),
  closing_date: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_phone: z.string().nullable(),
  contact_email: z.string().nullable(),
  photos: z.array(roomPhotoSchema),
  /** The comps the agent chose to show buyers. */
  comps: z.array(publicCompSchema),
  views: z.number(),
  offers: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DealRoom = z.infer<typeof dealRoomSchema>;

/** POST (all optional) and PATCH /api/deals/:id/room. A password is required when access is 'password' and none is set yet. */
export const roomSettingsBody = z
  .object({
    access: z.enum(ROOM_ACCESS, 'access: must be link, password or invited'),
    password: z.string({ error: 'password: expected text' }).min(ROOM_PASSWORD_MIN, `password: must be at least ${ROOM_PASSWORD_MIN} characters`).max(200, 'password: must be at most 200 characters'),
    status: z.enum(ROOM_STATUSES, 'status: must be open or closed'),
    expires_at: z.iso.datetime({ offset: true, error: 'expires_at: must be a date and time (ISO 8601)' }).nullable(),
    headline: text('headline', 200).nullable(),
    asking_price: money('asking_price').nullable(),
    description: text('description', 5000).nullable(),
    showing_notes: text('showing_notes', 2000).nullable(),
    earnest_money_required: money('earnest_money_required').nullable(),
    closing_date: z.iso.date('closing_date: must be a date (YYYY-MM-DD)').nullable(),
    contact_name: text('contact_name', 200).nullable(),
    contact_phone: text('contact_phone', 40).nullable(),
    contact_email: z.string().trim().toLowerCase().pipe(z.email('contact_email: must be a valid email address')).nullable(),
    comps: z.array(publicCompSchema).max(ROOM_COMPS_MAX, `comps: at most ${ROOM_COMPS_MAX} comps`),
  })
  .partial()
  .strict();
export type RoomSettingsBody = z.infer<typeof roomSettingsBody>;

/** A buyer's own link to the room (POST /api/deals/:id/room/invites {buyer_ids}). */
export const roomInviteSchema = z.object({
  id: z.string(),
  buyer_id: z.string(),
  buyer_name: z.string(),
  url: z.string(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
});
export type RoomInvite = z.infer<typeof roomInviteSchema>;
export const createInvitesBody = z.object({ buyer_ids: z.array(z.uuid('buyer_ids: expected buyer ids')).min(1, 'buyer_ids: choose at least one buyer').max(500) }).strict();

/** GET /api/deals/:id/room/views: who opened the room, when, how long, whether they made an offer. */
export const roomViewSchema = z.object({
  id: z.string(),
  buyer_id: z.string().nullable(),
  buyer_name: z.string().nullable(),
  opened_at: z.string(),
  seconds: z.number(),
  offer_id: z.string().nullable(),
});
export const roomViewsSchema = z.object({ items: z.array(roomViewSchema), total: z.number(), unique_visitors: z.number() });
export type RoomViews = z.infer<typeof roomViewsSchema>;

export const publicRepairSchema = z.object({ label: z.string(), amount: z.number() });

/**
 * GET /api/public/deal-rooms/:slug: only the room's own fields and the property's public facts. Never the seller's
 * name, phone, email or mailing address, the contract price, the fee, notes, or any other record of the organization.
 */
export const publicRoomSchema = z.object({
  slug: z.string(),
  headline: z.string(),
  organization_name: z.string(),
  property: z.object({
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    property_type: z.string().nullable(),
    beds: z.number().nullable(),
    baths: z.number().nullable(),
    sqft: z.number().nullable(),
    year_built: z.number().nullable(),
    lot_size: z.number().nullable(),
  }),
  asking_price: z.number().nullable(),
  arv: z.number().nullable(),
  comps: z.array(publicCompSchema),
  repair_estimate: z.number().nullable(),
  repairs: z.array(publicRepairSchema),
  description: z.string().nullable(),
  showing_notes: z.string().nullable(),
  earnest_money_required: z.number().nullable(),
  closing_date: z.string().nullable(),
  contact: z.object({ name: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() }),
  photos: z.array(roomPhotoSchema),
  expires_at: z.string().nullable(),
  /** The visit this load opened (the page sends heartbeats with it). */
  view_id: z.string(),
  /** The invited buyer, when opened with their link: the offer form is prefilled. */
  buyer: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
});
export type PublicRoom = z.infer<typeof publicRoomSchema>;

/** Why a room does not open: each with its own screen text. */
export const ROOM_MESSAGES = {
  notFound: 'This deal room does not exist or the link is incomplete.',
  closed: 'This deal is no longer available.',
  expired: 'This deal room has expired.',
  passwordRequired: 'This deal room is password protected. Enter the password to view the deal.',
  wrongPassword: 'That password is not right.',
  invitedOnly: 'This deal room is open to invited buyers only. Use the link you were sent.',
} as const;
