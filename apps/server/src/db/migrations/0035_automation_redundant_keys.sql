-- Enrolling 10,000 leads writes 10,000 enrolments and 10,000 step runs in one request (issue 22's budget: 2 s).
-- Each row checked its organization twice: once through its own key to organizations and once through the
-- composite key to its lead, sequence or enrolment, which already belongs to that organization and cascades
-- from it. The direct keys add a lookup per row and nothing else, so they go.
ALTER TABLE sequence_enrollments DROP CONSTRAINT sequence_enrollments_organization_id_fkey;
ALTER TABLE sequence_step_runs DROP CONSTRAINT sequence_step_runs_organization_id_fkey;
