"""Cards and decks: the one loader of deck files (decks) and how a card looks wherever it is shown, its colour
and symbol (cardlook)."""
