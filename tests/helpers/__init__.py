"""What several test modules share: simulated tables, played games, ways to run the command line.
Imported by tests; never a test itself, and never importing a test module."""
