"""Game-agnostic core: errors, dice and decks, the game interface, the
registry, the journal and the session. Never imports textual, rich or the
speech layer, so rules and saves can be used and tested headless."""
