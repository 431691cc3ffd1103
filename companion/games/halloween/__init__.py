"""La noche de Halloween (Simón Blasco Perales): the referee's rules.

The table keeps the board, the figures, the d8, the candies and the cards;
this package walks every knock to its settlement, keeps the candy ledger,
the rounds, the action cards, the costume auctions and the score. See
docs/games/halloween.md for the notation and docs/rules/halloween.md for the
decisions the text leaves open.
"""
