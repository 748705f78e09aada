"""One package per game, each with the same files for the same roles (see docs/adding-a-game.md)."""
