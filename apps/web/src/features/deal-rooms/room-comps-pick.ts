import { ROOM_COMPS_MAX, type CompsResponse, type PublicComp } from '@wholesail/domain';

/**
 * The comps a room shows buyers: those the lead's comps report uses for its ARV (not excluded, not an outlier
 * unless pinned), most alike first, as address and sale facts only.
 */
export function roomCompsFrom(report: Pick<CompsResponse, 'comps'>): PublicComp[] {
  return report.comps
    .filter((c) => !c.excluded && (!c.outlier || c.pinned))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, ROOM_COMPS_MAX)
    .map((c) => ({
      address: c.address,
      sold_price: c.sale_price,
      sold_on: c.sale_date,
      beds: c.total_bedrooms,
      baths: c.total_baths,
      sqft: c.building_square_feet,
      distance_miles: c.distance_miles,
    }));
}
