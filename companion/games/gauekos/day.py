"""The day, one step per stage of the vote: the first vote, the runoff's
candidates, the runoff, the Pariente mayor's tie-break (or the Kontalari's
"no lynch" / "vote again"); the lynch; then dusk, until `night`."""

from __future__ import annotations

import random
from typing import Any

from companion.core.game import Event, Line
from companion.core.notation import Word
from companion.core.steps import Offer, Step

from .notation import Action, Ballots, Runoff, Target, Vote, Votes
from .offers import Asking, elections, seats, word
from .story import chain
from .votes import leaders, runoff_proposals, tally

NIGHT, NO_LYNCH, VOTE_AGAIN = Word("night"), Word("no lynch"), Word("vote again")


def unanimous(g, targets: list[int]) -> list[Action]:
    """Every living voter for one target, per voter and as a count (a representative set)."""
    living = g.living()
    actions: list[Action] = []
    for t in targets:
        actions += [Vote(tuple((v + 1, t + 1) for v in living)), Votes(((t + 1, len(living)),))]
    return actions


def sample_votes(g, rng: random.Random, targets: list[int]) -> Action:
    """A vote round the way a village votes: mostly for a favourite, a few abstaining."""
    favourite = rng.choice(targets)
    ballots = []
    for voter in g.living():
        if rng.random() < 0.08:
            continue  # abstains
        ballots.append((voter, favourite if rng.random() < 0.6 else rng.choice(targets)))
    if rng.random() < 0.5:
        return Vote(tuple((v + 1, t + 1) for v, t in ballots))
    counts = tally(ballots, g.mayor, g.double_vote())
    return Votes(tuple(sorted((s + 1, n) for s, n in counts.items())))


class StageStep(Asking):
    """A stage of the day's vote: what belongs to another stage is refused with this one's words."""

    votes = False  # the stage takes a round of votes (`vote ...` or `votes ...`)

    def apply(self, g, s, action, chance):
        events: list[Event] = []
        if not self.record(g, s, action, events):
            if isinstance(action, Target) and action.verb == "mayor":
                raise g.refuse("elect_during_vote")
            raise g.refuse("not_now_day", stage=Line(f"gauekos.stage.{self.kind}"))
        return events

    def record(self, g, s, action, events: list[Event]) -> bool:
        """Record `action` if it belongs to this stage; False if it does not."""
        if self.votes and isinstance(action, Ballots):
            g._vote(action, events)
            return True
        return False


class FirstVote(StageStep):
    """Every living player votes for any living player; the mayor may be elected first."""

    kind, ask = "first", "vote"
    votes = True

    def asked(self, g, s):
        return {"day": g.day}

    def hint(self, g, s):
        return Line("gauekos.hint.first")

    def offers(self, g, s):
        return elections(g)

    def accepts(self, g, s):
        return unanimous(g, g.living())

    def sample(self, g, s, rng: random.Random):
        if not g.mayor_alive() and rng.random() < 0.15:
            return Target("mayor", rng.choice(g.living()) + 1)
        return sample_votes(g, rng, g.living())

    def record(self, g, s, action, events):
        if isinstance(action, Target) and action.verb == "mayor":
            g._elect(action, events)
            return True
        return super().record(g, s, action, events)


class Candidates(StageStep):
    """The two most voted are proposed; any two living players may be named."""

    kind = "candidates"

    def offers(self, g, s):
        return [Offer(Runoff(a + 1, b + 1), Line("gauekos.choice.runoff", {"a": g.who(a), "b": g.who(b)}),
                      group="runoff") for a, b in s["proposals"]]

    def record(self, g, s, action, events):
        if not isinstance(action, Runoff):
            return False
        a, b = (g._check_seat(seat, what="runoff") for seat in (action.a, action.b))
        s.update(stage="runoff", candidates=[a, b])
        events.append(Event(Line("gauekos.vote.runoff", {"a": g.who(a), "b": g.who(b)})))
        return True


class RunoffVote(StageStep):
    """Every living player votes again, for one of the two candidates."""

    kind = "runoff"
    votes = True

    def asked(self, g, s):
        a, b = (g.who(seat) for seat in s["candidates"])
        return {"a": a, "b": b}

    def hint(self, g, s):
        return Line("gauekos.hint.runoff")

    def accepts(self, g, s):
        a, b = s["candidates"]
        split = [(v + 1, (a if i % 2 else b) + 1) for i, v in enumerate(g.living())]
        return unanimous(g, [a, b]) + [Vote(tuple(split))]

    def sample(self, g, s, rng: random.Random):
        return sample_votes(g, rng, s["candidates"])


class Tiebreak(StageStep):
    """The Pariente mayor lynches one of the tied candidates."""

    kind = "tiebreak"
    detailed = False

    def who(self, g, s):
        return g.mayor

    def asked(self, g, s):
        return {"player": g.who(g.mayor)}

    def offers(self, g, s):
        return seats(g, "tiebreak", s["tied"])

    def record(self, g, s, action, events):
        if not (isinstance(action, Target) and action.verb == "tiebreak"):
            return False
        seat = g._check_seat(action.seat)
        if seat not in s["tied"]:
            raise g.refuse("tiebreak_only", names=chain([g.who(t) for t in s["tied"]], "gauekos.error.or"))
        g._tell("gauekos.story.tiebreak", player=g.who(g.mayor), target=g.who(seat))
        events.append(Event(Line("gauekos.vote.tiebreak", {"player": g.who(g.mayor), "target": g.who(seat)})))
        g._lynch(seat, s["tally"].get(seat, 0), events)
        return True


class Tied(StageStep):
    """Nobody can break the tie: the Kontalari says no lynch, or vote again."""

    kind = "tied"
    asked = RunoffVote.asked

    def offers(self, g, s):
        return [word("no lynch"), word("vote again")]

    def record(self, g, s, action, events):
        if action == NO_LYNCH:
            g._tell("gauekos.story.no_lynch")
            events.append(Event(Line("gauekos.vote.no_lynch")))
            g.ballot = {}
            g.phase = "dusk"
        elif action == VOTE_AGAIN:
            s["stage"] = "runoff"
            events.append(Event(Line("gauekos.vote.again")))
        else:
            return False
        return True


class Dusk(Asking):
    """The day is over: the village gets ready for the night (and may elect a mayor)."""

    kind, ask = "dusk", "night"

    def asked(self, g, s):
        return {"night": g.night + 1}

    def offers(self, g, s):
        return [word("night", night=g.night + 1)] + elections(g)

    def sample(self, g, s, rng: random.Random):
        if not g.mayor_alive() and rng.random() < 0.1:
            return Target("mayor", rng.choice(g.living()) + 1)
        return NIGHT

    def apply(self, g, s, action, chance):
        events: list[Event] = []
        if isinstance(action, Target) and action.verb == "mayor":
            g._elect(action, events)
        elif action == NIGHT:
            g._start_night(events)
        else:
            raise g.refuse("day_over")
        return events


STAGES: dict[str, Step] = {step.kind: step for step in (FirstVote(), Candidates(), RunoffVote(), Tiebreak(), Tied())}
DUSK = Dusk()


class Day:
    """Mixin of `Gauekos`: counting votes, the lynch, the ballot as the table sees it."""

    def _vote(self, action: Vote | Votes, events: list[Event]) -> None:
        runoff = self.ballot["stage"] == "runoff"
        allowed = self.ballot["candidates"] if runoff else self.living()

        def target_ok(seat: int) -> int:
            index = self._check_seat(seat, what="votes")
            if index not in allowed:
                raise self.refuse("not_candidate", names=chain([self.who(s) for s in allowed], "gauekos.error.and"),
                                  player=self.who(index))
            return index

        if isinstance(action, Vote):
            ballots = []
            for voter, target in action.ballots:
                v = self._check_seat(voter, living=False)
                if not self.alive[v]:
                    raise self.refuse("dead_voter", player=self.who(v))
                ballots.append((v, target_ok(target)))
            counts = tally(ballots, self.mayor, self.double_vote())
            record_ballots = {self.who(v): self.who(t) for v, t in ballots}
        else:
            counts = {target_ok(seat): count for seat, count in action.counts}
            most = len(self.living()) + (1 if self.double_vote() else 0)
            if sum(counts.values()) > most:
                raise self.refuse("too_many_votes", counted=sum(counts.values()), most=most)
            record_ballots = None
        tally_text = ", ".join(f"{self.who(s)} {n}" for s, n in sorted(counts.items(), key=lambda x: (-x[1], x[0])))
        self.history.append({"day": self.day, "round": "runoff" if runoff else "first", "ballots": record_ballots,
                             "tally": {self.who(s): n for s, n in sorted(counts.items())}})
        events.append(Event(Line("gauekos.vote.tally", {"tally": tally_text or "-"})))
        if not runoff:
            self.ballot.update(stage="candidates", tally=counts, proposals=runoff_proposals(counts, self.living()))
            return
        top = leaders(counts, allowed)
        self.ballot["tally"] = counts
        if len(top) == 1:
            self._lynch(top[0], counts.get(top[0], 0), events)
        elif self.can_tiebreak():
            self.ballot.update(stage="tiebreak", tied=top)
            events.append(Event(Line("gauekos.vote.tie_mayor", {"player": self.who(self.mayor)})))
        else:
            self.ballot.update(stage="tied", tied=top)
            events.append(Event(Line("gauekos.vote.tie")))

    def _lynch(self, seat: int, votes: int, events: list[Event]) -> None:
        self.ballot = {}
        self._kill(seat, "lynch", events, votes=votes)
        self.after = "dusk"
        self._settle(events)

    def ballot_state(self) -> dict[str, Any] | None:
        """The vote under way as the table sees it (names, not seats)."""
        ballot = self.ballot
        if not ballot:
            return None
        names = lambda seats: [self.who(s) for s in seats]  # noqa: E731
        state: dict[str, Any] = {"stage": ballot["stage"]}
        if "tally" in ballot:
            state["tally"] = {self.who(s): n for s, n in sorted(ballot["tally"].items())}
        if "proposals" in ballot and ballot["stage"] == "candidates":
            state["proposals"] = [names(p) for p in ballot["proposals"]]
        if "candidates" in ballot:
            state["candidates"] = names(ballot["candidates"])
        if "tied" in ballot and ballot["stage"] in ("tiebreak", "tied"):
            state["tied"] = names(ballot["tied"])
        return state
