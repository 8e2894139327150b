"""What a designer asks of many games: the playtest analysis (seat and start-player win rates with intervals,
margins, length, lead changes)."""
