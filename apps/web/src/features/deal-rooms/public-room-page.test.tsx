import { ROOM_MESSAGES, type PublicRoom } from '@wholesail/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

beforeAll(async () => {
  await import('./public-room-page');
});

const ROOM: PublicRoom = {
  slug: 'slug-1',
  headline: '3/2 brick ranch, light rehab',
  organization_name: 'Acme Home Buyers',
  property: { address: '12 Oak St', city: 'Austin', state: 'TX', zip: '78701', property_type: 'Single family', beds: 3, baths: 2, sqft: 1450, year_built: 1978, lot_size: 7200 },
  asking_price: 189_000,
  arv: 300_000,
  comps: [{ address: '20 Elm St', sold_price: 305_000, sold_on: '2025-11-02', beds: 3, baths: 2, sqft: 1500, distance_miles: 0.4 }],
  repair_estimate: 40_000,
  repairs: [{ label: 'Roof', amount: 12_000 }],
  description: 'Solid bones.',
  showing_notes: 'Lockbox on the back door.',
  earnest_money_required: 5_000,
  closing_date: '2026-05-01',
  contact: { name: 'Ana Lopez', phone: '5125550100', email: 'ana@acme.test' },
  photos: [],
  expires_at: null,
  view_id: '4f1c2a3b-1111-4111-8111-111111111111',
  buyer: null,
};

const PATH = '/api/public/deal-rooms/slug-1';
const CLOSE_BY = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const headerOf = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name);

async function fillOffer(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Your name'), 'Dana Whitfield');
  await user.type(screen.getByLabelText('Email'), 'dana@hillcountry.test');
  await user.type(screen.getByLabelText('Offer amount'), '182,500');
  await user.type(screen.getByLabelText('Close by'), CLOSE_BY);
}

describe('the public deal room', () => {
  it('shows what a buyer needs: price, facts, ARV with its comps, repairs, terms and the contact; and tells robots not to index it', async () => {
    mockApi({ [`GET ${PATH}`]: { body: ROOM } });
    renderApp('/deal-rooms/slug-1');
    expect(await screen.findByRole('heading', { name: '3/2 brick ranch, light rehab' })).toBeInTheDocument();
    expect(screen.getByText('12 Oak St, Austin, TX 78701')).toBeInTheDocument();
    expect(screen.getByText('$189,000')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Comparable sales' })).toHaveTextContent('20 Elm St');
    expect(screen.getByRole('list', { name: 'Repair items' })).toHaveTextContent('Roof$12,000');
    expect(screen.getByText('Lockbox on the back door.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /\(512\) 555-0100/ })).toHaveAttribute('href', 'tel:5125550100');
    expect(screen.getByRole('link', { name: /ana@acme\.test/ })).toHaveAttribute('href', 'mailto:ana@acme.test');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    // The earnest money asked for is the form's starting figure.
    expect(screen.getByLabelText('Earnest money')).toHaveValue('5000');
  });

  it('asks for the password of a password room, says when it is wrong, and sends it in the header', async () => {
    const fetchMock = mockApi({
      [`GET ${PATH}`]: (init) => {
        const password = headerOf(init, 'x-room-password');
        if (!password) return { status: 401, body: { error: { code: 'PASSWORD_REQUIRED', message: ROOM_MESSAGES.passwordRequired } } };
        if (password !== 'open-sesame') return { status: 401, body: { error: { code: 'WRONG_PASSWORD', message: ROOM_MESSAGES.wrongPassword } } };
        return { body: ROOM };
      },
    });
    renderApp('/deal-rooms/slug-1');
    const user = userEvent.setup();
    expect(await screen.findByText(ROOM_MESSAGES.passwordRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'guess-1');
    await user.click(screen.getByRole('button', { name: 'View the deal' }));
    expect(await screen.findByText(ROOM_MESSAGES.wrongPassword)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'open-sesame');
    await user.click(screen.getByRole('button', { name: 'View the deal' }));
    expect(await screen.findByRole('heading', { name: '3/2 brick ranch, light rehab' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([, init]) => headerOf(init, 'x-room-password'))).toEqual([null, 'guess-1', 'open-sesame']);
  });

  it('shows a closed room’s message on its own card', async () => {
    mockApi({ [`GET ${PATH}`]: { status: 410, body: { error: { code: 'GONE', message: ROOM_MESSAGES.closed } } } });
    renderApp('/deal-rooms/slug-1');
    expect(await screen.findByText(ROOM_MESSAGES.closed)).toBeInTheDocument();
    expect(screen.getByText('No longer available')).toBeInTheDocument();
  });

  it('shows a refused field in words on that field, then the server’s thanks; the invite goes with every call', async () => {
    const sent: unknown[] = [];
    let refuse = true;
    mockApi({
      [`GET ${PATH}?invite=tok-1`]: { body: { ...ROOM, buyer: { name: 'Dana Whitfield', email: 'dana@hillcountry.test', phone: null } } },
      [`POST ${PATH}/offers?invite=tok-1`]: (init) => {
        sent.push(JSON.parse(String(init?.body)));
        if (refuse) return { status: 400, body: { error: { code: 'VALIDATION', message: 'close_by: must be a date (YYYY-MM-DD)' } } };
        return { status: 201, body: { id: 'o-1', message: 'Thank you. Ana Lopez will get back to you within one business day.' } };
      },
    });
    renderApp('/deal-rooms/slug-1?invite=tok-1');
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Your name')).toHaveValue('Dana Whitfield');
    expect(screen.getByLabelText('Email')).toHaveValue('dana@hillcountry.test');

    await user.click(screen.getByRole('button', { name: 'Send my offer' }));
    expect(screen.getByLabelText('Offer amount')).toHaveAccessibleDescription('Please enter your offer in dollars, like 185,000.');
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Offer amount'), '182,500');
    await user.type(screen.getByLabelText('Close by'), CLOSE_BY);
    await user.click(screen.getByRole('button', { name: 'Send my offer' }));
    await waitFor(() => expect(screen.getByLabelText('Close by')).toHaveAccessibleDescription('Please choose the date you can close by.'));
    expect(screen.getByText('Please check the fields marked below.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ name: 'Dana Whitfield', amount: 182_500, earnest_money: 5_000, close_by: CLOSE_BY, financing: 'cash', view_id: ROOM.view_id, invite: 'tok-1' });

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Send my offer' }));
    expect(await screen.findByText('Thank you. Ana Lopez will get back to you within one business day.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send my offer' })).not.toBeInTheDocument();
  });

  it('says so when the buyer has sent too many offers', async () => {
    mockApi({
      [`GET ${PATH}`]: { body: ROOM },
      [`POST ${PATH}/offers`]: { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Too many requests' } } },
    });
    renderApp('/deal-rooms/slug-1');
    const user = userEvent.setup();
    await screen.findByLabelText('Your name');
    await fillOffer(user);
    await user.click(screen.getByRole('button', { name: 'Send my offer' }));
    expect(await screen.findByText('You have sent several offers already. Please try again later.')).toBeInTheDocument();
  });
});
