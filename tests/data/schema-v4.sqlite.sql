-- The schema of version 4 (commit 873ccd9), as SQLModel.metadata.create_all writes it on sqlite,
-- then db.summary's triggers.  Frozen here so that tests can build a database the previous release wrote.
-- Statements are separated by lines holding only ';;' (the triggers' bodies hold semicolons).
-- separator: ;;
CREATE TABLE game_score (
	game VARCHAR(40) NOT NULL, 
	total INTEGER NOT NULL, 
	lines BIGINT DEFAULT '0' NOT NULL, 
	PRIMARY KEY (game, total)
)
;;
CREATE TABLE game_summary (
	game VARCHAR(40) NOT NULL, 
	matches BIGINT DEFAULT '0' NOT NULL, 
	timed BIGINT DEFAULT '0' NOT NULL, 
	microseconds BIGINT DEFAULT '0' NOT NULL, 
	lines BIGINT DEFAULT '0' NOT NULL, 
	score_sum BIGINT DEFAULT '0' NOT NULL, 
	first_seat_wins BIGINT DEFAULT '0' NOT NULL, 
	PRIMARY KEY (game)
)
;;
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
)
;;
CREATE INDEX ix_match_game_status_options ON "match" (game, status, options, started_at, ended_at, first_seat, id)
;;
CREATE INDEX ix_match_game_status_times ON "match" (game, status, started_at, ended_at, first_seat, seats)
;;
CREATE INDEX ix_match_id_status_game ON "match" (id, status, game, ended_at, first_seat, seats)
;;
CREATE INDEX ix_match_status_ended_game ON "match" (status, ended_at, game, place)
;;
CREATE INDEX ix_match_status_place ON "match" (status, place, id)
;;
CREATE TABLE meta (
	"key" VARCHAR(64) NOT NULL, 
	value TEXT NOT NULL, 
	PRIMARY KEY ("key")
)
;;
CREATE TABLE player (
	id INTEGER NOT NULL, 
	name VARCHAR(80) NOT NULL, 
	created_at DATETIME NOT NULL, 
	PRIMARY KEY (id)
)
;;
CREATE INDEX ix_player_name ON player (name)
;;
CREATE TABLE player_summary (
	player_id INTEGER NOT NULL, 
	game VARCHAR(40) NOT NULL, 
	played BIGINT DEFAULT '0' NOT NULL, 
	won BIGINT DEFAULT '0' NOT NULL, 
	score_sum BIGINT DEFAULT '0' NOT NULL, 
	best BIGINT, 
	PRIMARY KEY (player_id, game)
)
;;
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
)
;;
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
)
;;
CREATE INDEX ix_score_game_lines ON score (game, finished, ended_at, total, winner, turn_pos, player_id, match_id)
;;
CREATE INDEX ix_score_match_totals ON score (match_id, seat_index, total, winner, player_id, rank)
;;
CREATE INDEX ix_score_player_lines ON score (player_id, finished, ended_at, game, total, winner, turn_pos, rank, match_id)
;;
CREATE INDEX ix_score_player_wins ON score (player_id, finished, winner)
;;
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
)
;;
CREATE INDEX ix_seat_match_id ON seat (match_id)
;;
CREATE INDEX ix_seat_player_id ON seat (player_id)
;;
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
)
;;
CREATE INDEX ix_seat_token_match_id ON seat_token (match_id)
;;
CREATE UNIQUE INDEX ix_seat_token_token ON seat_token (token)
;;
CREATE TRIGGER IF NOT EXISTS game_summary_match_insert AFTER INSERT ON "match" FOR EACH ROW
BEGIN
  INSERT INTO game_summary (game, matches, timed, microseconds, lines, score_sum, first_seat_wins) SELECT NEW.game, 1, (CASE WHEN NEW.ended_at IS NULL THEN 0 ELSE 1 END), COALESCE(CAST(round((julianday(NEW.ended_at) - julianday(NEW.started_at)) * 86400000.0) AS INTEGER) * 1000, 0), 0, 0, 0 WHERE NEW.status = 'finished' ON CONFLICT (game) DO UPDATE SET matches = game_summary.matches + excluded.matches, timed = game_summary.timed + excluded.timed, microseconds = game_summary.microseconds + excluded.microseconds;
END
;;
CREATE TRIGGER IF NOT EXISTS game_summary_match_delete AFTER DELETE ON "match" FOR EACH ROW
BEGIN
  INSERT INTO game_summary (game, matches, timed, microseconds, lines, score_sum, first_seat_wins) SELECT OLD.game, -1, -(CASE WHEN OLD.ended_at IS NULL THEN 0 ELSE 1 END), -COALESCE(CAST(round((julianday(OLD.ended_at) - julianday(OLD.started_at)) * 86400000.0) AS INTEGER) * 1000, 0), 0, 0, 0 WHERE OLD.status = 'finished' ON CONFLICT (game) DO UPDATE SET matches = game_summary.matches + excluded.matches, timed = game_summary.timed + excluded.timed, microseconds = game_summary.microseconds + excluded.microseconds;
END
;;
CREATE TRIGGER IF NOT EXISTS game_summary_match_update AFTER UPDATE OF status, game, started_at, ended_at ON "match" FOR EACH ROW WHEN OLD.status IS NOT NEW.status OR OLD.game IS NOT NEW.game OR OLD.started_at IS NOT NEW.started_at OR OLD.ended_at IS NOT NEW.ended_at
BEGIN
  INSERT INTO game_summary (game, matches, timed, microseconds, lines, score_sum, first_seat_wins) SELECT OLD.game, -1, -(CASE WHEN OLD.ended_at IS NULL THEN 0 ELSE 1 END), -COALESCE(CAST(round((julianday(OLD.ended_at) - julianday(OLD.started_at)) * 86400000.0) AS INTEGER) * 1000, 0), 0, 0, 0 WHERE OLD.status = 'finished' ON CONFLICT (game) DO UPDATE SET matches = game_summary.matches + excluded.matches, timed = game_summary.timed + excluded.timed, microseconds = game_summary.microseconds + excluded.microseconds;
  INSERT INTO game_summary (game, matches, timed, microseconds, lines, score_sum, first_seat_wins) SELECT NEW.game, 1, (CASE WHEN NEW.ended_at IS NULL THEN 0 ELSE 1 END), COALESCE(CAST(round((julianday(NEW.ended_at) - julianday(NEW.started_at)) * 86400000.0) AS INTEGER) * 1000, 0), 0, 0, 0 WHERE NEW.status = 'finished' ON CONFLICT (game) DO UPDATE SET matches = game_summary.matches + excluded.matches, timed = game_summary.timed + excluded.timed, microseconds = game_summary.microseconds + excluded.microseconds;
END
;;
CREATE TRIGGER IF NOT EXISTS game_summary_score_insert AFTER INSERT ON "score" FOR EACH ROW
BEGIN
  INSERT INTO game_summary (game, matches, timed, microseconds, lines, score_sum, first_seat_wins) SELECT NEW.game, 0, 0, 0, 1, NEW.total, (CASE WHEN NEW.turn_pos = 0 AND NEW.winner THEN 1 ELSE 0 END) WHERE NEW.finished ON CONFLICT (game) DO UPDATE SET lines = game_summary.lines + excluded.lines, score_sum = game_summary.score_sum + excluded.score_sum, first_seat_wins = game_summary.first_seat_wins + excluded.first_seat_wins;
  INSERT INTO game_score (game, total, lines) SELECT NEW.game, NEW.total, 1 WHERE NEW.finished ON CONFLICT (game, total) DO UPDATE SET lines = game_score.lines + excluded.lines;
  INSERT INTO player_summary (player_id, game, played, won, score_sum, best) SELECT NEW.player_id, NEW.game, 1, CASE WHEN NEW.winner THEN 1 ELSE 0 END, NEW.total, NEW.total WHERE NEW.finished AND NEW.player_id IS NOT NULL ON CONFLICT (player_id, game) DO UPDATE SET played = player_summary.played + excluded.played, won = player_summary.won + excluded.won, score_sum = player_summary.score_sum + excluded.score_sum, best = MAX(player_summary.best, excluded.best);
END
;;
CREATE TRIGGER IF NOT EXISTS game_summary_score_delete AFTER DELETE ON "score" FOR EACH ROW
BEGIN
  INSERT INTO game_summary (game, matches, timed, microseconds, lines, score_sum, first_seat_wins) SELECT OLD.game, 0, 0, 0, -1, -OLD.total, -(CASE WHEN OLD.turn_pos = 0 AND OLD.winner THEN 1 ELSE 0 END) WHERE OLD.finished ON CONFLICT (game) DO UPDATE SET lines = game_summary.lines + excluded.lines, score_sum = game_summary.score_sum + excluded.score_sum, first_seat_wins = game_summary.first_seat_wins + excluded.first_seat_wins;
  INSERT INTO game_score (game, total, lines) SELECT OLD.game, OLD.total, -1 WHERE OLD.finished ON CONFLICT (game, total) DO UPDATE SET lines = game_score.lines + excluded.lines;
  DELETE FROM game_score WHERE game = OLD.game AND total = OLD.total AND lines = 0;
  UPDATE player_summary SET played = played - 1, won = won - (CASE WHEN OLD.winner THEN 1 ELSE 0 END), score_sum = score_sum - OLD.total WHERE player_id = OLD.player_id AND game = OLD.game AND OLD.finished;
  DELETE FROM player_summary WHERE player_id = OLD.player_id AND game = OLD.game AND played = 0;
  UPDATE player_summary SET best = (SELECT MAX(total) FROM score WHERE player_id = OLD.player_id AND game = OLD.game AND finished) WHERE player_id = OLD.player_id AND game = OLD.game AND OLD.finished AND OLD.total >= best;
END
;;
CREATE TRIGGER IF NOT EXISTS game_summary_score_update AFTER UPDATE OF finished, game, total, winner, turn_pos, player_id ON "score" FOR EACH ROW WHEN OLD.finished IS NOT NEW.finished OR OLD.game IS NOT NEW.game OR OLD.total IS NOT NEW.total OR OLD.winner IS NOT NEW.winner OR OLD.turn_pos IS NOT NEW.turn_pos OR OLD.player_id IS NOT NEW.player_id
BEGIN
  INSERT INTO game_summary (game, matches, timed, microseconds, lines, score_sum, first_seat_wins) SELECT OLD.game, 0, 0, 0, -1, -OLD.total, -(CASE WHEN OLD.turn_pos = 0 AND OLD.winner THEN 1 ELSE 0 END) WHERE OLD.finished ON CONFLICT (game) DO UPDATE SET lines = game_summary.lines + excluded.lines, score_sum = game_summary.score_sum + excluded.score_sum, first_seat_wins = game_summary.first_seat_wins + excluded.first_seat_wins;
  INSERT INTO game_score (game, total, lines) SELECT OLD.game, OLD.total, -1 WHERE OLD.finished ON CONFLICT (game, total) DO UPDATE SET lines = game_score.lines + excluded.lines;
  DELETE FROM game_score WHERE game = OLD.game AND total = OLD.total AND lines = 0;
  UPDATE player_summary SET played = played - 1, won = won - (CASE WHEN OLD.winner THEN 1 ELSE 0 END), score_sum = score_sum - OLD.total WHERE player_id = OLD.player_id AND game = OLD.game AND OLD.finished;
  DELETE FROM player_summary WHERE player_id = OLD.player_id AND game = OLD.game AND played = 0;
  UPDATE player_summary SET best = (SELECT MAX(total) FROM score WHERE player_id = OLD.player_id AND game = OLD.game AND finished) WHERE player_id = OLD.player_id AND game = OLD.game AND OLD.finished AND OLD.total >= best;
  INSERT INTO game_summary (game, matches, timed, microseconds, lines, score_sum, first_seat_wins) SELECT NEW.game, 0, 0, 0, 1, NEW.total, (CASE WHEN NEW.turn_pos = 0 AND NEW.winner THEN 1 ELSE 0 END) WHERE NEW.finished ON CONFLICT (game) DO UPDATE SET lines = game_summary.lines + excluded.lines, score_sum = game_summary.score_sum + excluded.score_sum, first_seat_wins = game_summary.first_seat_wins + excluded.first_seat_wins;
  INSERT INTO game_score (game, total, lines) SELECT NEW.game, NEW.total, 1 WHERE NEW.finished ON CONFLICT (game, total) DO UPDATE SET lines = game_score.lines + excluded.lines;
  INSERT INTO player_summary (player_id, game, played, won, score_sum, best) SELECT NEW.player_id, NEW.game, 1, CASE WHEN NEW.winner THEN 1 ELSE 0 END, NEW.total, NEW.total WHERE NEW.finished AND NEW.player_id IS NOT NULL ON CONFLICT (player_id, game) DO UPDATE SET played = player_summary.played + excluded.played, won = player_summary.won + excluded.won, score_sum = player_summary.score_sum + excluded.score_sum, best = MAX(player_summary.best, excluded.best);
END
;;
