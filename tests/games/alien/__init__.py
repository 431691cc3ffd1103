"""Alien 1979: the Alien's cards, the actions, the endings, the odds, the public view and random games."""
