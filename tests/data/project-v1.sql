-- A project file as schema version 1 wrote it: revisions without authors, racks without
-- rotation. Used to test the migration to the current schema.
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO meta VALUES ('format', 'cluster-planner-project'), ('schema_version', '1'), ('app_version', '0.0.9');
CREATE TABLE design(id INTEGER PRIMARY KEY, name TEXT NOT NULL, settings TEXT NOT NULL);
INSERT INTO design VALUES (1, 'Two racks from 2025', '{"description":"kept for the migration test","hall":{"name":"Lab","width_m":12,"depth_m":8,"grid_m":0.6},"fabric":{"topology":"rail-optimized","tiers":2,"switch_id":"qm9700"},"workload":{"layers":32,"hidden":4096,"heads":32,"kv_heads":8,"ffn_hidden":14336,"vocab":128256,"seq_len":8192,"tokens":1e12},"finance":{"life_years":4}}');
CREATE TABLE rack(design_id INTEGER NOT NULL, seq INTEGER NOT NULL, id TEXT NOT NULL,
  catalog_id TEXT NOT NULL, x_m REAL NOT NULL, y_m REAL NOT NULL,
  row_name TEXT NOT NULL, contents TEXT NOT NULL, PRIMARY KEY(design_id, seq));
INSERT INTO rack VALUES (1, 0, 'A1', 'rack-42u-air', 3.3, 3.6, 'Row 01', '[{"catalog_id":"dgx-h100","u":2,"count":4}]');
INSERT INTO rack VALUES (1, 1, 'A2', 'rack-42u-air', 3.9, 3.6, 'Row 01', '[{"catalog_id":"qm9700","u":2,"count":8,"role":"leaf"}]');
CREATE TABLE facility_unit(design_id INTEGER NOT NULL, seq INTEGER NOT NULL,
  type TEXT NOT NULL, id TEXT NOT NULL, catalog_id TEXT NOT NULL, x_m REAL NOT NULL,
  y_m REAL NOT NULL, grp TEXT NOT NULL, redundancy TEXT NOT NULL, serves TEXT NOT NULL,
  PRIMARY KEY(design_id, seq));
INSERT INTO facility_unit VALUES (1, 0, 'power', 'BW1', 'busway-800a', 5, 3.6, 'A/B', '2N', '["A1","A2"]');
INSERT INTO facility_unit VALUES (1, 1, 'power', 'BW2', 'busway-800a', 5.5, 3.6, 'A/B', '2N', '["A1","A2"]');
INSERT INTO facility_unit VALUES (1, 2, 'cooling', 'CRAH1', 'crah-250kw', 6, 3.6, 'air', 'N+1', '["A1","A2"]');
INSERT INTO facility_unit VALUES (1, 3, 'cooling', 'CRAH2', 'crah-250kw', 6.5, 3.6, 'air', 'N+1', '["A1","A2"]');
CREATE TABLE catalog_entry(id TEXT PRIMARY KEY, json TEXT NOT NULL);
CREATE TABLE revision(id INTEGER PRIMARY KEY AUTOINCREMENT, time_utc TEXT NOT NULL, comment TEXT NOT NULL);
INSERT INTO revision(time_utc, comment) VALUES ('2025-06-01T09:00:00Z', 'first layout');
INSERT INTO revision(time_utc, comment) VALUES ('2025-07-15T16:30:00Z', 'second leaf rack');
