-- Trigram matching for search (records and default content). Trusted extension: no superuser needed.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
