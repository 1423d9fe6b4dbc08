-- Uploaded CSV files are kept by the storage provider (DATA_DIR/uploads or an S3-compatible bucket) and read by the
-- import job; the table that held them whole in the database is no longer written or read.
DROP TABLE lead_import_files;
