-- The schema of version 3 (commit 25c8b8e), as SQLModel.metadata.create_all writes it on sqlite.
-- Frozen here so that tests can build a database the previous release wrote.
CREATE TABLE "match" (
	id INTEGER NOT NULL, 
	game VARCHAR(40) NOT NULL, 
	options TEXT NOT NULL, 
	setup TEXT NOT NULL, 
	seed VARCHAR(64) NOT NULL, 
	status VARCHAR(20) NOT NULL, 
	started_at DATETIME NOT NULL, 
	ended_at DATETIME, 
	place VARCHAR(120) NOT NULL, 
	notes TEXT NOT NULL, 
	winner_names VARCHAR(400) NOT NULL, 
	first_seat INTEGER DEFAULT '0' NOT NULL, 
	seats INTEGER DEFAULT '0' NOT NULL, 
	sheet TEXT NOT NULL, 
	PRIMARY KEY (id)
);
CREATE INDEX ix_match_game_status_options ON "match" (game, status, options, started_at, ended_at, first_seat, id);
CREATE INDEX ix_match_game_status_times ON "match" (game, status, started_at, ended_at, first_seat, seats);
CREATE INDEX ix_match_id_status_game ON "match" (id, status, game, ended_at, first_seat, seats);
CREATE INDEX ix_match_status_ended_game ON "match" (status, ended_at, game, place);
CREATE INDEX ix_match_status_place ON "match" (status, place, id);
CREATE TABLE meta (
	"key" VARCHAR(64) NOT NULL, 
	value TEXT NOT NULL, 
	PRIMARY KEY ("key")
);
CREATE TABLE player (
	id INTEGER NOT NULL, 
	name VARCHAR(80) NOT NULL, 
	created_at DATETIME NOT NULL, 
	PRIMARY KEY (id)
);
CREATE INDEX ix_player_name ON player (name);
CREATE TABLE event (
	id INTEGER NOT NULL, 
	match_id INTEGER NOT NULL, 
	seq INTEGER NOT NULL, 
	type VARCHAR(40) NOT NULL, 
	payload TEXT NOT NULL, 
	at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (match_id, seq), 
	FOREIGN KEY(match_id) REFERENCES "match" (id) ON DELETE CASCADE
);
CREATE TABLE score (
	id INTEGER NOT NULL, 
	match_id INTEGER NOT NULL, 
	seat_index INTEGER NOT NULL, 
	player_id INTEGER, 
	name VARCHAR(80) NOT NULL, 
	total INTEGER NOT NULL, 
	rank INTEGER NOT NULL, 
	winner BOOLEAN NOT NULL, 
	breakdown TEXT NOT NULL, 
	game VARCHAR(40) DEFAULT '' NOT NULL, 
	ended_at DATETIME, 
	finished BOOLEAN DEFAULT 0 NOT NULL, 
	turn_pos INTEGER, 
	PRIMARY KEY (id), 
	UNIQUE (match_id, seat_index), 
	FOREIGN KEY(match_id) REFERENCES "match" (id) ON DELETE CASCADE, 
	FOREIGN KEY(player_id) REFERENCES player (id)
);
CREATE INDEX ix_score_game_lines ON score (game, finished, ended_at, total, winner, turn_pos, player_id, match_id);
CREATE INDEX ix_score_match_totals ON score (match_id, seat_index, total, winner, player_id, rank);
CREATE INDEX ix_score_player_lines ON score (player_id, finished, ended_at, game, total, winner, turn_pos, rank, match_id);
CREATE INDEX ix_score_player_wins ON score (player_id, finished, winner);
CREATE TABLE seat (
	id INTEGER NOT NULL, 
	match_id INTEGER NOT NULL, 
	seat_index INTEGER NOT NULL, 
	player_id INTEGER NOT NULL, 
	colour VARCHAR(20) NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (match_id, seat_index), 
	FOREIGN KEY(match_id) REFERENCES "match" (id) ON DELETE CASCADE, 
	FOREIGN KEY(player_id) REFERENCES player (id)
);
CREATE INDEX ix_seat_match_id ON seat (match_id);
CREATE INDEX ix_seat_player_id ON seat (player_id);
CREATE TABLE seat_token (
	id INTEGER NOT NULL, 
	match_id INTEGER NOT NULL, 
	seat_index INTEGER NOT NULL, 
	token VARCHAR(64) NOT NULL, 
	issued_at DATETIME NOT NULL, 
	claimed_at DATETIME, 
	revoked_at DATETIME, 
	PRIMARY KEY (id), 
	FOREIGN KEY(match_id) REFERENCES "match" (id) ON DELETE CASCADE
);
CREATE INDEX ix_seat_token_match_id ON seat_token (match_id);
CREATE UNIQUE INDEX ix_seat_token_token ON seat_token (token);
