-- Comparable sales (GET /api/leads/:id/comps, issue 20) look for an organization's sold properties inside the
-- latitude/longitude rectangle around the subject (packages/domain boundingBox), sold since a date and sized within a
-- range. A lead's coordinates sit in one of three column pairs, as its path filled them (an address picked in the
-- search: property_lat/lng; a CSV import: latitude/longitude; older records: lat/lng), so the index and the query
-- both read the first one set, in that order. It is written as CASE, not COALESCE: under row-level security the
-- planner uses only conditions it knows cannot leak values as index conditions, and it counts CASE and IS NOT NULL
-- among them but not COALESCE (a COALESCE condition is checked row by row after reading every entry of the
-- organization). A btree on (organization, latitude, longitude) works on PGlite and PostgreSQL alike with no
-- extension: the scan walks the rectangle's latitude band and checks longitude, sale date and size in the index
-- entry, so the table is read only for the real candidates; the exact distance is measured after. Only sold, live
-- leads are indexed.
CREATE INDEX leads_comps_idx ON leads (
  organization_id,
  (CASE WHEN property_lat IS NOT NULL THEN property_lat WHEN latitude IS NOT NULL THEN latitude ELSE lat END),
  (CASE WHEN property_lng IS NOT NULL THEN property_lng WHEN longitude IS NOT NULL THEN longitude ELSE lng END),
  last_sale_date,
  building_square_feet
) WHERE last_sale_price > 0 AND status <> 'deleted';
