"""The day: the first vote, the runoff's candidates, the runoff, the
Pariente mayor's tie-break (or the Kontalari's "no lynch" / "vote again"),
the lynch, and dusk."""

from __future__ import annotations

from companion.core.errors import IllegalActionError
from companion.core.game import Event, Line

from . import prompts
from .notation import Action, Runoff, Target, Vote, Votes, Word
from .story import chain
from .votes import leaders, runoff_proposals, tally


class Day:
    """Mixin of `Gauekos`: votes and the lynch."""

    def _day(self, action: Action, events: list[Event]) -> None:
        stage = self.ballot["stage"]
        if isinstance(action, Target) and action.verb == "mayor":
            if stage != "first":
                raise self._refused("elect_during_vote",
                                    "The Pariente mayor is elected before the day's vote, not during it.")
            self._elect(action, events)
        elif isinstance(action, (Vote, Votes)) and stage in ("first", "runoff"):
            self._vote(action, events)
        elif isinstance(action, Runoff) and stage == "candidates":
            a, b = (self._check_seat(s, what="runoff") for s in (action.a, action.b))
            self.ballot.update(stage="runoff", candidates=[a, b])
            events.append(Event(Line("gauekos.vote.runoff", {"a": self.who(a), "b": self.who(b)})))
        elif isinstance(action, Target) and action.verb == "tiebreak" and stage == "tiebreak":
            seat = self._check_seat(action.seat)
            if seat not in self.ballot["tied"]:
                tied = [self.who(s) for s in self.ballot["tied"]]
                names = " or ".join(tied)
                raise self._refused("tiebreak_only", f"The Pariente mayor breaks the tie between {names} only.",
                                    names=chain(tied, "gauekos.error.or"))
            self._tell("gauekos.story.tiebreak", player=self.who(self.mayor), target=self.who(seat))
            events.append(Event(Line("gauekos.vote.tiebreak", {"player": self.who(self.mayor),
                                                                "target": self.who(seat)})))
            self._lynch(seat, self.ballot["tally"].get(seat, 0), events)
        elif action == Word("no lynch") and stage == "tied":
            self._tell("gauekos.story.no_lynch")
            events.append(Event(Line("gauekos.vote.no_lynch")))
            self.ballot = {}
            self.phase = "dusk"
        elif action == Word("vote again") and stage == "tied":
            self.ballot["stage"] = "runoff"
            events.append(Event(Line("gauekos.vote.again")))
        else:
            raise self._refused("not_now_day", f"Not now: {prompts.stage_text(self)}", stage=prompts.stage_line(self))

    def _vote(self, action: Vote | Votes, events: list[Event]) -> None:
        runoff = self.ballot["stage"] == "runoff"
        allowed = self.ballot["candidates"] if runoff else self.living()

        def target_ok(seat: int) -> int:
            index = self._check_seat(seat, what="votes")
            if index not in allowed:
                candidates = [self.who(s) for s in allowed]
                names = " and ".join(candidates)
                raise IllegalActionError(f"The runoff is between {names}: {self.who(index)} is not a candidate.",
                                         line=Line("gauekos.error.not_candidate",
                                                   {"names": chain(candidates, "gauekos.error.and"),
                                                    "player": self.who(index)}))
            return index

        if isinstance(action, Vote):
            ballots = []
            for voter, target in action.ballots:
                v = self._check_seat(voter, living=False)
                if not self.alive[v]:
                    raise IllegalActionError(f"{self.who(v)} is dead and cannot vote.",
                                             allowed="Only living players vote.",
                                             line=Line("gauekos.error.dead_voter", {"player": self.who(v)}))
                ballots.append((v, target_ok(target)))
            counts = tally(ballots, self.mayor, self.double_vote())
            record_ballots = {self.who(v): self.who(t) for v, t in ballots}
        else:
            counts = {}
            for seat, count in action.counts:
                counts[target_ok(seat)] = count
            most = len(self.living()) + (1 if self.double_vote() else 0)
            if sum(counts.values()) > most:
                raise IllegalActionError(f"{sum(counts.values())} votes counted, but at most {most} can be cast.",
                                         allowed="Count each living player's hand once (the mayor's twice).",
                                         line=Line("gauekos.error.too_many_votes",
                                                   {"counted": sum(counts.values()), "most": most}))
            record_ballots = None
        tally_text = ", ".join(f"{self.who(s)} {n}" for s, n in sorted(counts.items(), key=lambda x: (-x[1], x[0])))
        self.history.append({"day": self.day, "round": "runoff" if runoff else "first",
                             "ballots": record_ballots,
                             "tally": {self.who(s): n for s, n in sorted(counts.items())}})
        events.append(Event(Line("gauekos.vote.tally", {"tally": tally_text or "-"})))
        if not runoff:
            self.ballot.update(stage="candidates", tally=counts,
                               proposals=runoff_proposals(counts, self.living()))
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

    def _dusk(self, action: Action, events: list[Event]) -> None:
        if isinstance(action, Target) and action.verb == "mayor":
            self._elect(action, events)
        elif action == Word("night"):
            self._start_night(events)
        else:
            raise IllegalActionError("The day is over.", allowed="Now: night (or mayor SEAT to elect one).",
                                     line=Line("gauekos.error.day_over"))
