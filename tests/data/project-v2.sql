-- A project file as schema version 2 wrote it: one design, no scenario names, and the old
-- cloud-price default (the H100 price, 2.49) stored in the design's finance settings. Used to
-- test the migration to schema 3.
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO meta VALUES ('format', 'cluster-planner-project'), ('schema_version', '2'), ('app_version', '0.1.0');
CREATE TABLE design(id INTEGER PRIMARY KEY, name TEXT NOT NULL, settings TEXT NOT NULL);
INSERT INTO design VALUES (1, 'One NVL72 from 2026', '{"description":"kept for the migration test","hall":{"name":"Lab","width_m":12,"depth_m":8,"grid_m":0.6},"fabric":{"topology":"leaf-spine","tiers":2,"switch_id":"qm9700"},"workload":{"layers":32,"hidden":4096,"heads":32,"kv_heads":8,"ffn_hidden":14336,"vocab":128256,"seq_len":8192,"tokens":1e12},"finance":{"life_years":4,"energy_usd_per_kwh":0.066,"cloud_usd_per_gpu_hour":2.49}}');
CREATE TABLE rack(design_id INTEGER NOT NULL, seq INTEGER NOT NULL, id TEXT NOT NULL,
  catalog_id TEXT NOT NULL, x_m REAL NOT NULL, y_m REAL NOT NULL, rotation_deg REAL NOT NULL,
  row_name TEXT NOT NULL, contents TEXT NOT NULL, PRIMARY KEY(design_id, seq));
INSERT INTO rack VALUES (1, 0, 'S001', 'rack-48u-liquid', 3.3, 3.6, 0, 'Row 01', '[{"catalog_id":"gb200-nvl72","u":1,"count":1}]');
INSERT INTO rack VALUES (1, 1, 'L001', 'rack-42u-air', 3.9, 3.6, 180, 'Row 01', '[{"catalog_id":"qm9700","u":2,"count":3,"role":"leaf"}]');
CREATE TABLE facility_unit(design_id INTEGER NOT NULL, seq INTEGER NOT NULL,
  type TEXT NOT NULL, id TEXT NOT NULL, catalog_id TEXT NOT NULL, x_m REAL NOT NULL,
  y_m REAL NOT NULL, grp TEXT NOT NULL, redundancy TEXT NOT NULL, serves TEXT NOT NULL,
  PRIMARY KEY(design_id, seq));
INSERT INTO facility_unit VALUES (1, 0, 'power', 'BW1', 'busway-800a', 5, 3.6, 'A/B', '2N', '["S001","L001"]');
INSERT INTO facility_unit VALUES (1, 1, 'power', 'BW2', 'busway-800a', 5.5, 3.6, 'A/B', '2N', '["S001","L001"]');
CREATE TABLE catalog_entry(id TEXT PRIMARY KEY, json TEXT NOT NULL);
CREATE TABLE revision(id INTEGER PRIMARY KEY AUTOINCREMENT, time_utc TEXT NOT NULL,
  author TEXT NOT NULL, comment TEXT NOT NULL);
INSERT INTO revision(time_utc, author, comment) VALUES ('2026-01-10T09:00:00Z', 'dana', 'first NVL72');
