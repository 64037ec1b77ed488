"""The game: whole hands and matches (issue 3)."""
