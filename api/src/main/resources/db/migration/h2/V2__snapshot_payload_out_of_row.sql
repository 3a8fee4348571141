-- A snapshot's payload as a BLOB, kept by H2 apart from its row, where V1 kept it inline as VARBINARY.
-- A catalogue of 100,000 tags snapshots to some 13 MB. Inline, every copy of the row H2 holds while a snapshot
-- replaces the one before it (the new row, the old one in the transaction's undo log, each in its page) held the
-- whole payload in the heap: seeding such a catalogue ran a 256 MB heap out of memory at 75,000 tags. Out of
-- row, those copies hold a reference, and the bytes go to H2's LOB store in blocks. Events stay VARBINARY:
-- they are small, and read inline on every replay.
ALTER TABLE snapshot_event_entry ALTER COLUMN payload SET DATA TYPE BLOB;
