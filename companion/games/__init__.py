"""The games. Each registers here by name; its rules are pure Python and
never import textual, rich or the speech layer."""

from companion.core.registry import register

register(
    "dice-duel",
    "companion.games.dice_duel.rules:DiceDuel",
    "Dice duel",
    aliases=("duel", "reference"),
)
register("gauekos", "companion.games.gauekos.rules:Gauekos", "Gauekos", aliases=("werewolf", "hombre lobo", "otsoa"))
register("halloween", "companion.games.halloween.rules:Halloween", "La noche de Halloween", aliases=("la noche de halloween", "noche de halloween"))
