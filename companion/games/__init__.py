"""The games, one package each. Their rules are pure Python and never import
textual, rich or the speech layer. Which games exist, and the names they
answer to, is `catalogue.toml` beside this file: the registry reads it
without importing any game."""
