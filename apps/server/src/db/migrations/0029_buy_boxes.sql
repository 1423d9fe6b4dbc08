-- A buyer's buy box (issue 21): markets, property kinds, price range, minimum beds and baths, maximum repairs,
-- strategies, proof of funds and closing speed. One document per buyer, validated by packages/domain
-- buyBoxSchema on every write; matching reads every active buyer of the organization and scores each in
-- packages/domain fitBuyBox, so no criterion needs a column of its own. An empty box matches any deal.
ALTER TABLE buyers ADD COLUMN buy_box jsonb NOT NULL DEFAULT '{}'::jsonb;
CREATE INDEX buyers_active_idx ON buyers (organization_id) WHERE is_active;
