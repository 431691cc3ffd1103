"""Alien 1979: the Alien's deck and its cards, the Nostromo, the notation, the steps and the rules."""
