"""How a game ends: the countdown, counted in the turns of the player who
started it, and the ship leaving with whoever is aboard; nobody saved; the
Alien winning. Played through a session from an arranged position."""

from __future__ import annotations

from companion.games.alien.cards import effect

from .helpers import arrange, crew, said, started


def next_turn(session, *actions: str) -> list[str]:
    """One whole turn: a harmless Alien card (one that strikes nobody: nobody holds a code here),
    typed as the table's, then the actions and `end`."""
    card = next(c for c in session.game.board.deck_left() if effect(c) != "strike")
    words = said(session.act(f"draw @ {card}"))
    for text in actions:
        words += said(session.act(text))
    if session.outcome() is None and session.expects().step == "act":
        words += said(session.act("end"))
    return words


def test_a_full_countdown_the_ship_leaves_with_whoever_is_aboard():
    session = started(players=("Ana", "Bea", "Carlos", "Dani"))
    arrange(session, alien="bastos", where={"Ana": "nave", "Bea": "copas", "Carlos": "espadas", "Dani": "oros"},
            pile=["rb", "re", "ro"], enterer="Ana", phase="act")
    events = said(session.act("countdown @ ro"))
    assert events[0] == ("Ana saca una carta: Rey de oros. Empieza la cuenta atrás. La nave parte cuando Ana haya "
                         "jugado 4 turnos más.")
    assert session.game.countdown == 4 and session.game.public_state()["countdown"] == 4
    assert session.expects().who == "Bea"  # the activation took both actions; it does not count
    next_turn(session, "board @ rb")  # Bea boards
    next_turn(session)
    next_turn(session)
    for left in (3, 2, 1):
        words = next_turn(session)  # Ana's turn: one of hers
        assert f"{'Quedan' if left > 1 else 'Queda'} {left} {'turnos' if left > 1 else 'turno'} de Ana para que " \
               f"parta la nave." in words
        assert session.outcome() is None
        next_turn(session)
        next_turn(session)
        next_turn(session)
    words = next_turn(session)  # Ana's fourth following turn: at its end, the ship leaves
    assert words[-4:] == ["Ana termina el turno.", "La nave auxiliar abandona la Nostromo con Ana y Bea a bordo.",
                          "La Nostromo estalla, y el Alien con ella: Carlos y Dani mueren a bordo.",
                          "¡Ana y Bea escapan con vida!"]
    outcome = session.outcome()
    assert outcome.termination == "departed" and outcome.winners == ("Ana", "Bea")
    assert session.game.public_state()["saved"] == ["Ana", "Bea"]


def test_a_sota_gives_two_turns_a_caballo_three():
    for card, turns in (("se", 2), ("ce", 3)):
        session = started(players=("Ana", "Bea"))
        arrange(session, alien="bastos", where={"Ana": "nave", "Bea": "copas"}, pile=["se", "ce", "re", "ro"],
                enterer="Ana", phase="act")
        session.act(f"countdown @ {card}")
        turns_played = 0
        while session.outcome() is None:
            next_turn(session)  # Bea's
            if session.outcome() is None:
                next_turn(session)  # Ana's
                turns_played += 1
        assert turns_played == turns and session.outcome().winners == ("Ana",)


def test_whoever_boards_during_the_last_turn_is_saved_and_the_activator_may_have_left():
    session = started(players=("Ana", "Bea"))
    arrange(session, alien="bastos", where={"Ana": "nave", "Bea": "copas"}, pile=["rb", "sb", "se"],
            enterer="Ana", countdown=1, phase="card")
    words = next_turn(session, "move oros", "board @ rb")  # Ana steps out and back in
    assert words[-1] == "¡Ana escapa con vida!"
    session = started(players=("Ana", "Bea"))
    arrange(session, alien="bastos", where={"Ana": "nave", "Bea": "copas"}, pile=["rb", "sb", "se"],
            enterer="Ana", countdown=1, phase="card")
    words = next_turn(session, "move oros")  # Ana leaves the ship on her last turn: it goes alone
    assert words[-3:] == ["La nave auxiliar abandona la Nostromo sin nadie a bordo.",
                          "La Nostromo estalla, y el Alien con ella: Ana y Bea mueren a bordo.", "Nadie se salva."]
    outcome = session.outcome()
    assert outcome.termination == "departed" and outcome.winners == ()


def test_the_ship_may_leave_with_someone_the_activator_did_not_wait_for():
    session = started(players=("Ana", "Bea", "Carlos", "Dani"))
    arrange(session, alien="bastos", where={"Ana": "copas", "Bea": "nave"}, pile=["rb", "re", "ro"],
            enterer="Ana", countdown=1, phase="card", current="Ana")
    words = next_turn(session, "move espadas")
    assert words[-1] == "¡Bea escapa con vida!" and session.outcome().winners == ("Bea",)


def test_nobody_left_alive_the_alien_wins_even_with_the_countdown_running():
    session = started(players=("Ana", "Bea"))
    arrange(session, alien="copas", where={"Ana": "nave", "Bea": "copas"}, markers={"Bea": 4},
            pile=["rb", "re", "ro"], enterer="Ana", countdown=2, current="Bea")
    session.act("draw @ 1c")
    assert crew(session, "Bea").alive is False and session.outcome() is None  # Ana lives on, aboard
    arrange(session, alien="copas", where={"Ana": "copas"}, markers={"Ana": 4}, dead=["Bea"],
            pile=["rb", "re", "ro"], enterer="Ana", countdown=2, current="Ana")
    session.act("draw @ 2c")
    outcome = session.outcome()
    assert outcome.termination == "alien" and outcome.winners == ()
