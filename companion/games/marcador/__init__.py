"""Marcador: the score and round tracker for any game the table plays (rules.py)."""
