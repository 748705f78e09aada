"""The match history: SQLModel tables, the store the app uses, backups, statistics (see docs/history.md)."""
