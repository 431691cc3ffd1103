"""Gauekos, the Basque werewolf game: pure rules (see rules.py)."""
