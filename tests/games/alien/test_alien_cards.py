"""The Alien's card at the start of every turn: 4 or 6 moves it, 3, 5 or 7 make
a sector drop codes, 2 and the As strike where it stands; protection, the mad
Alien, deaths and the death of the player who entered the codes."""

from __future__ import annotations

from .helpers import FOUR, arrange, check_cards, choices, crew, new, refused, said, started


def test_the_first_action_places_the_alien_and_the_first_name_starts():
    session = new()
    assert choices(session) == ["alien", "alien bastos", "alien espadas", "alien oros", "alien copas"]
    events = session.act("alien copas")
    assert said(events) == ["En algún rincón de Copas algo se mueve en la oscuridad. El Alien está a bordo de la "
                            "Nostromo.", "Turno de Ana."]
    assert session.game.board.alien == "copas"
    assert all(c.sector == "madre" for c in session.game.board.crew)
    assert choices(session) == ["draw"]
    other = new(seed=5)
    other.act("alien")  # the app picks: one of the four main sectors, recorded in the journal
    assert other.game.board.alien in ("bastos", "espadas", "oros", "copas")
    assert other.played[-1].entry.draws[0].what == "sectors"
    assert refused(new(), "alien madre").startswith("El Alien empieza en un sector principal")


def test_a_four_or_a_six_moves_the_alien_to_its_suit_s_sector():
    session = started("oros")
    events = session.act("draw @ 4e")
    assert said(events) == ["Ana revela una carta: Cuatro de espadas.",
                            "El Alien se arrastra por los conductos… aparece en Espadas."]
    assert session.game.board.alien == "espadas"
    arrange(session, alien="espadas")
    assert said(session.act("draw @ 6e"))[1] == "El Alien acecha inmóvil en Espadas. No se va."
    arrange(session, alien="espadas")
    session.act("draw @ 6c")
    assert session.game.board.alien == "copas"
    assert session.game.phase == "act"


def test_a_three_five_or_seven_makes_everyone_in_that_sector_drop_a_code_there():
    session = started()
    arrange(session, where={"Ana": "bastos", "Bea": "bastos", "Carlos": "bastos", "Dani": "copas"},
            hands={"Ana": ["rb"], "Bea": ["sb", "so"], "Dani": ["ro"]})
    before = len(session.game.board.down["bastos"])
    events = session.act("draw @ 5b")
    assert said(events, private=False) == [
        "Ana revela una carta: Cinco de bastos.",
        "Un chirrido metálico en Bastos: quien esté allí suelta un código boca abajo.",
        "Ana deja un código boca abajo en Bastos (0 en la mano)."]  # one card: no choice to make
    assert "El código de Ana en Bastos: Rey de bastos." in said(events)  # the game master's eyes only
    prompt = session.expects()  # Bea holds two: she chooses, in private
    assert prompt.step == "drop" and prompt.private and prompt.secret and prompt.who == "Bea"
    assert choices(session) == ["drop sb", "drop so"]
    public = session.game.public_prompt()
    assert public.choices == () and public.who is None
    assert refused(session, "drop cc") == ("Bea no tiene esa carta: Caballo de copas. "
                                           "Se puede: soltar sb, soltar so. Cómo escribirlo: la carta, como soltar "
                                           "sb (s Sota, c Caballo, r Rey; b e o c el palo).")
    session.act("drop so")
    assert session.played[-1].secret  # the table is told a code was chosen, never which
    board = session.game.board
    assert len(board.down["bastos"]) == before + 2 and "so" in board.down["bastos"]
    assert crew(session, "Bea").hand == ["sb"] and crew(session, "Dani").hand == ["ro"]
    assert session.expects().step == "act"  # then Ana's actions
    check_cards(session.game)


def test_nobody_there_nothing_drops():
    session = started()
    assert said(session.act("draw @ 3c"))[1] == "Un chirrido metálico en Copas… pero allí no hay nadie."


def test_a_two_gives_two_markers_and_an_as_three_to_everyone_where_the_alien_stands():
    session = started()
    arrange(session, alien="oros", where={"Ana": "oros", "Bea": "oros", "Carlos": "copas"}, markers={"Bea": 1})
    events = session.act("draw @ 2c")  # any suit: it strikes where the Alien is
    assert said(events) == ["Ana revela una carta: Dos de copas.", "¡El Alien ataca en Oros!",
                            "Ana recibe 2 marcas de perseguido (2 de 5).",
                            "Bea recibe 2 marcas de perseguido (3 de 5)."]
    arrange(session, alien="oros", where={"Ana": "oros", "Carlos": "copas"}, current="Bea")
    assert said(session.act("draw @ 1b"))[1:] == ["¡El Alien salta desde la oscuridad en Oros!",
                                                  "Ana recibe 3 marcas de perseguido (3 de 5)."]
    assert crew(session, "Carlos").markers == 0


def test_a_protected_player_takes_no_marker_and_loses_the_weapon():
    session = started()
    arrange(session, alien="oros", where={"Ana": "oros", "Bea": "oros"}, protected=["Ana"], weapon=["Bea"])
    events = session.act("draw @ 1o")
    assert said(events)[2:] == ["Ana contiene al Alien con su arma y la pierde. Ninguna marca.",
                                "Bea recibe 3 marcas de perseguido (3 de 5)."]  # armed, not on guard
    ana, bea = crew(session, "Ana"), crew(session, "Bea")
    assert (ana.markers, ana.weapon, ana.protected) == (0, False, False)
    assert (bea.markers, bea.weapon) == (3, True)
    arrange(session, alien="oros", where={"Ana": "oros"}, current="Bea")  # protection is spent
    session.act("draw @ 2o")
    assert crew(session, "Ana").markers == 2


def test_once_the_codes_are_entered_an_odd_card_also_strikes_once_where_the_alien_stands():
    session = started()
    arrange(session, alien="oros", where={"Ana": "oros", "Bea": "copas"}, hands={"Bea": ["sb"]},
            pile=["rb", "re", "ro"], enterer="Carlos")
    events = session.act("draw @ 3c")  # a drop in Copas, and a strike in Oros
    assert said(events, private=False) == [
        "Ana revela una carta: Tres de copas.",
        "Un chirrido metálico en Copas: quien esté allí suelta un código boca abajo.",
        "¡Enloquecido, el Alien lanza zarpazos en Oros!", "Ana recibe 1 marca de perseguido (1 de 5).",
        "Bea deja un código boca abajo en Copas (0 en la mano)."]
    arrange(session, alien="oros", where={"Ana": "oros"}, pile=["rb", "re", "ro"], enterer="Carlos", current="Bea")
    session.act("draw @ 1c")  # the As strikes with its three, no more (RULINGS: 3, 5 and 7)
    assert crew(session, "Ana").markers == 3
    arrange(session, alien="oros", where={"Ana": "oros"}, pile=["rb", "re", "ro"], enterer="Carlos", current="Bea")
    session.act("draw @ 4b")  # an even card moves it, as ever
    assert crew(session, "Ana").markers == 0


def test_five_markers_kill_at_once_and_the_codes_fall_where_the_player_stood():
    session = started()
    arrange(session, alien="espadas", where={"Ana": "espadas", "Bea": "espadas"}, markers={"Bea": 3},
            hands={"Bea": ["sb", "ce"]}, current="Ana")
    before = len(session.game.board.down["espadas"])
    events = session.act("draw @ 2b")
    assert said(events, private=False)[2:] == [
        "Ana recibe 2 marcas de perseguido (2 de 5).", "Bea recibe 2 marcas de perseguido (5 de 5).",
        "Bea grita. El Alien arrastra el cuerpo hacia la oscuridad: Bea ha muerto.",
        "Caen boca abajo en Espadas 2 códigos de Bea."]
    board = session.game.board
    assert len(board.down["espadas"]) == before + 2 and {"sb", "ce"} <= set(board.down["espadas"])
    bea = crew(session, "Bea")
    assert not bea.alive and bea.hand == [] and bea.markers == 5
    assert session.game.public_state()["dead"] == ["Bea"]
    session.act("end")  # Ana's turn ends: Bea is skipped for ever
    assert session.expects().who == "Carlos"
    assert "force 2" not in str(choices(session))
    check_cards(session.game)


def test_markers_never_pass_five():
    session = started()
    arrange(session, alien="oros", where={"Bea": "oros"}, markers={"Bea": 4})
    session.act("draw @ 1o")
    assert crew(session, "Bea").markers == 5 and not crew(session, "Bea").alive


def test_the_player_whose_turn_it_is_can_die_of_their_own_card_and_the_turn_passes():
    session = started()
    arrange(session, alien="oros", where={"Ana": "oros"}, markers={"Ana": 4}, current="Ana")
    events = session.act("draw @ 2o")
    assert said(events)[-1] == "Turno de Bea."
    assert session.expects().who == "Bea" and session.expects().step == "card"


def test_the_death_of_the_player_who_entered_the_codes_undoes_them():
    session = started()
    arrange(session, alien="copas", where={"Carlos": "copas", "Ana": "nave"}, markers={"Carlos": 3},
            hands={"Carlos": ["sb"]}, pile=["rb", "re", "ro"], enterer="Carlos", countdown=3, current="Bea")
    assert session.game.mad
    events = session.act("draw @ 2e")
    assert said(events, private=False)[4:] == [
        "Cae boca abajo en Copas 1 código de Carlos.",
        "Con Carlos se pierden los 3 códigos introducidos: vuelven boca abajo a los sectores principales, y el "
        "Alien se calma.", "La cuenta atrás se detiene."]
    game = session.game
    assert not game.mad and game.enterer is None and game.countdown is None and game.board.pile == []
    faces = [c for cards in game.board.down.values() for c in cards]
    assert {"rb", "re", "ro", "sb"} <= set(faces)
    assert crew(session, "Ana").sector == "nave"  # whoever is aboard stays aboard
    check_cards(game)
    session.act("end")
    arrange(session, alien="copas", where={"Ana": "copas"}, current="Dani")
    session.act("draw @ 3c")  # no longer mad: an odd card only makes Copas drop codes
    assert crew(session, "Ana").markers == 0


def test_everyone_dead_the_alien_wins():
    session = started(players=("Ana", "Bea"))
    arrange(session, alien="oros", where={"Ana": "oros", "Bea": "oros"}, markers={"Ana": 3, "Bea": 4})
    events = session.act("draw @ 2o")
    outcome = session.outcome()
    assert outcome.termination == "alien" and outcome.winners == ()
    assert said(events)[-1] == "Han muerto todos. El Alien ha ganado. En el espacio, nadie puede oír tus gritos."
    assert session.expects().step == "over"


def test_the_deck_is_reshuffled_when_all_28_are_drawn():
    from companion.games.alien.cards import ALIEN_DECK

    session = started()
    arrange(session, drawn=[c for c in ALIEN_DECK if c != "4b"])
    session.act("draw")
    assert session.game.board.drawn == [c for c in ALIEN_DECK if c != "4b"] + ["4b"]
    assert session.game.board.deck_left() == []
    session.act("end")
    events = session.act("draw @ 4b")  # the 4 of bastos again, after the reshuffle
    assert said(events)[0] == "Se acaban las 28 cartas del Alien: se barajan de nuevo."
    assert session.game.board.drawn == ["4b"] and session.game.reshuffles == 1


def test_a_card_already_drawn_cannot_be_typed_for_the_table():
    session = started()
    session.act("draw @ 4b")
    session.act("end")
    assert "'4b' no se puede robar ahora" in refused(session, "draw @ 4b")


def test_the_order_of_play_is_the_order_given_clockwise():
    session = started()
    seen = []
    for _ in range(5):
        seen.append(session.expects().who)
        session.act("draw @ " + ["4b", "4e", "4o", "4c", "6b"][len(seen) - 1])
        session.act("end")
    assert seen == list(FOUR) + ["Ana"]
