import { describe, expect, it } from 'vitest';
import { parseAddress, propertyFromPlace } from './address';

describe('parseAddress', () => {
  it('splits street, city, state and zip', () => {
    expect(parseAddress(' 123 Main St,  Austin, tx 78701 ')).toEqual({
      address: '123 Main St',
      formattedAddress: '123 Main St, Austin, tx 78701',
      lat: null,
      lng: null,
      placeId: null,
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      county: null,
    });
  });

  it('drops a trailing country and copes with fewer commas', () => {
    expect(parseAddress('9 Oak Ave, Dallas, TX 75201, USA')).toMatchObject({ address: '9 Oak Ave', city: 'Dallas', state: 'TX', zipCode: '75201' });
    expect(parseAddress('9 Oak Ave, Dallas TX 75201')).toMatchObject({ address: '9 Oak Ave', city: 'Dallas', state: 'TX', zipCode: '75201' });
    expect(parseAddress('9 Oak Ave Dallas TX 75201-1234')).toMatchObject({ address: '9 Oak Ave Dallas', state: 'TX', zipCode: '75201' });
    expect(parseAddress('9 Oak Ave')).toMatchObject({ address: '9 Oak Ave', city: null, state: null, zipCode: null });
    expect(parseAddress('   ')).toBeNull();
  });
});

describe('propertyFromPlace', () => {
  it('ignores a place without a place_id', () => {
    expect(propertyFromPlace({ formatted_address: '1 A St' })).toBeNull();
  });

  it('reads the components', () => {
    expect(
      propertyFromPlace({
        place_id: 'p1',
        formatted_address: '1 A St, Austin, TX 78701, USA',
        address_components: [
          { long_name: '1', short_name: '1', types: ['street_number'] },
          { long_name: 'A Street', short_name: 'A St', types: ['route'] },
          { long_name: 'Austin', short_name: 'Austin', types: ['locality'] },
          { long_name: 'Travis County', short_name: 'Travis County', types: ['administrative_area_level_2'] },
          { long_name: 'Texas', short_name: 'TX', types: ['administrative_area_level_1'] },
          { long_name: '78701', short_name: '78701', types: ['postal_code'] },
        ],
        geometry: { location: { lat: () => 30.1, lng: () => -97.7 } },
      }),
    ).toEqual({
      address: '1 A Street',
      formattedAddress: '1 A St, Austin, TX 78701, USA',
      lat: 30.1,
      lng: -97.7,
      placeId: 'p1',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      county: 'Travis County',
    });
  });
});
