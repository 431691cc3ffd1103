"""The games. Each registers here by name; its rules are pure Python and
never import textual, rich or the speech layer."""

from companion.core.registry import register

register(
    "dice-duel",
    "companion.games.dice_duel.rules:DiceDuel",
    "Dice duel",
    aliases=("duel", "reference"),
)
