-- An announcement of an article may carry the owner's note above the summary (the Send view has
-- always offered "Note (optional)" beside an article; 007's CHECK allowed one or the other only,
-- so such a send failed with a 500 after its preview and test had worked). Now: an article, a
-- note, or both; never neither.
ALTER TABLE announcements DROP CONSTRAINT announcements_check;
ALTER TABLE announcements ADD CONSTRAINT announcements_source_or_note_check
  CHECK (source_path IS NOT NULL OR note IS NOT NULL);

-- The earlier sends of an article are looked up by path when a new one is composed (the repeat
-- rule, docs/announcements.md).
CREATE INDEX announcements_source_path_idx ON announcements (source_path) WHERE source_path IS NOT NULL;
