"""1989 power struggles (8.0-8.5): deal, raise the stakes, rounds, aftermath, power, scoring.

`g.ps` holds the struggle: country, card (the scoring card or None), starter, hands [D, C] of
power card numbers, deck, out (played and discarded PS cards), raised [D, C], attacker, banned
suits, led (card, suit), winner, suit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agon.engine import Action, msg, plural
from agon.games.dawn_of_freedom.data import (
    COUNTRY,
    NAMES,
    POWER_CARDS,
    RESULTS_TABLE,
    SPACES,
    SPACES_IN,
    SUITS,
    C,
    D,
)
from agon.games.dawn_of_freedom.events import in_country, remove
from agon.games.dawn_of_freedom.flow import PSCARD, Ask, Frame, ask, auto
from agon.games.dawn_of_freedom.scoring import score_country
from agon.games.dawn_of_freedom.words import join_terms, phrase

if TYPE_CHECKING:  # the State, for type hints only: state sits above this module
    from agon.games.dawn_of_freedom.state import DawnState

RALLY, PETITION = "Rally in the Square", "Petition"
TACTIC_FAILS, SUPPORT_FALTERS, SUPPORT_SURGES, SCARE_TACTICS = 52, 49, 50, 51
STAKES = 3  # 1989 8.2: discard 3 PS cards to raise
RAISE = (Action("raise", "no"), Action("raise", "yes"))
KEEP_OR_SURRENDER = (Action("power", "keep"), Action("power", "surrender"))
CONCEDE = Action("concede")


def ps_cards(n: int) -> int:
    """1989 8.1: 6 cards for the first controlled space, 2 for each further one, 0 for none."""
    return 0 if n == 0 else 6 + 2 * (n - 1)


def controlled_in(g: DawnState, side: int, country: str) -> int:
    return sum(1 for s in SPACES_IN[country] if g.ctrl[s] == side and s not in g.destroyed)


def take_random(g: DawnState, taker: int, n: int) -> int:
    ps = g.ps
    assert ps is not None  # (a power struggle is under way)
    src, dst = ps["hands"][1 - taker], ps["hands"][taker]
    k = 0
    for _ in range(n):
        if not src:
            break
        dst.append(src.pop(g.rng.below(len(src))))
        k += 1
    if k:
        g.say("{line}", line=plural("The {side} takes {n} power struggle card from the opponent.",
                                    "The {side} takes {n} power struggle cards from the opponent.", "n", side=NAMES[taker], n=k))
    return k


def suit_of(card: int) -> str | None:
    p = POWER_CARDS[card]
    return p.name if p.kind == "suit" else None


def leader_usable(g: DawnState, side: int, card: int) -> bool:
    """2.2-PS: a leader needs control of a space of its class in the country (checked at play)."""
    ps = g.ps
    assert ps is not None  # (a power struggle is under way)
    cls = POWER_CARDS[card].leader_class
    return any(g.ctrl[s] == side and SPACES[s].cls == cls and s not in g.destroyed for s in SPACES_IN[ps["country"]])


def distinct(hand: list[int]) -> list[int]:
    """One card of each kind (same name and value: the cards are interchangeable), lowest number
    first, so that a player is not offered the same choice twice."""
    seen: set[tuple[str, int]] = set()
    out = []
    for c in sorted(hand):
        key = (POWER_CARDS[c].name, POWER_CARDS[c].value)
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


@auto("ps_start")
def ps_start(g: DawnState, f: Frame) -> None:
    country, starter = f["country"], f["starter"]
    deck = list(POWER_CARDS)
    g.rng.shuffle(deck)  # 1989 8.1: the whole deck, every struggle
    hands: list[list[int]] = [[], []]
    for side in (D, C):
        n = ps_cards(controlled_in(g, side, country))
        hands[side] = [deck.pop() for _ in range(min(n, len(deck)))]
    g.ps = {"country": country, "card": f["card"], "starter": starter, "hands": hands, "deck": deck, "out": [],
            "face_down": ((), ()),
            "raised": [False, False], "attacker": starter, "banned": (), "led": None, "winner": None, "suit": None,
            "shown": False}
    g.in_ps = True
    g.reveal()
    if not g.quiet:  # (a quiet game keeps no log: its arguments need not be built)
        g.say("Power struggle in {country}: Democrat {d} cards, Communist {c} cards.", country=country,
              d=len(hands[D]), c=len(hands[C]))
    g.push([{"p": "ps_stakes", "role": starter}, {"p": "ps_stakes", "role": 1 - starter}, {"p": "ps_round"},
            {"p": "ps_aftermath"}])
    g.run_hooks("ps_deal", country)  # 1989 8.1: hand-size events, before anyone looks


@ask("ps_stakes")
class Stakes(Ask):
    """1989 8.2: the scoring card's player first; raising costs 3 PS cards, +1 to both aftermath rolls.
    A player with fewer than 3 cards cannot raise and is not asked."""

    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        ps = g.ps
        assert ps is not None  # (a power struggle is under way)
        if len(ps["hands"][f["role"]]) >= STAKES:
            return list(RAISE)
        return []

    def apply(self, g: DawnState, f: Frame, action: Action) -> None:
        ps = g.ps
        assert ps is not None  # (a power struggle is under way)
        g.stack.pop()
        if action.arg == "yes":
            ps["raised"][f["role"]] = True
            g.say("The {side} raises the stakes.", side=NAMES[f["role"]])
            g.push({"p": "ps_discard", "role": f["role"], "left": STAKES})

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        ps = g.ps
        assert ps is not None  # (a power struggle is under way)
        return "Power struggle in {country}: raise the stakes (discard 3 cards)?", {"country": ps["country"]}


@ask("ps_discard")
class PsDiscard(Ask):
    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        ps = g.ps
        assert ps is not None  # (a power struggle is under way)
        return [PSCARD[c] for c in distinct(ps["hands"][f["role"]])]

    def apply(self, g: DawnState, f: Frame, action: Action) -> None:
        ps = g.ps
        assert ps is not None  # (a power struggle is under way)
        ps["hands"][f["role"]].remove(action.arg)
        ps["out"].append(action.arg)
        down = list(ps["face_down"])  # the opponent does not see the cards discarded to raise (8.2)
        down[f["role"]] = (*down[f["role"]], action.arg)
        ps["face_down"] = tuple(down)
        f["left"] -= 1
        if f["left"] <= 0:
            g.stack.pop()

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        return "{line}", {"line": plural("Discard {left} more power struggle card.", "Discard {left} more power struggle cards.",
                                          "left", left=f["left"])}


def attack_options(g: DawnState, side: int) -> list[Action]:
    """1989 8.3.2 step 1: suit cards not banned, usable leaders, wild cards but Tactic Fails."""
    ps = g.ps
    assert ps is not None  # (a power struggle is under way)
    out = []
    open_suits = [s for s in SUITS if s not in ps["banned"]]
    for c in distinct(ps["hands"][side]):
        p = POWER_CARDS[c]
        if p.kind == "suit" and p.name not in ps["banned"]:
            out.append(PSCARD[c])
        elif p.kind == "leader" and open_suits and leader_usable(g, side, c):
            out.append(PSCARD[c])
        elif p.kind == "wild" and c != TACTIC_FAILS:
            out.append(PSCARD[c])
    return out


@auto("ps_round")
def ps_round(g: DawnState, f: Frame) -> None:
    ps = g.ps
    assert ps is not None  # (a power struggle is under way)
    att = ps["attacker"]
    if not attack_options(g, att):  # 1989 8.3.1, 8.3.2: the attacker cannot play: the defender wins
        g.say("The {side} has no card to attack with.", side=NAMES[att])
        ps["winner"], ps["suit"] = 1 - att, None  # no suit modifier
        return
    g.push({"p": "ps_attack", "role": att})


def _play(g: DawnState, side: int, card: int) -> None:
    ps = g.ps
    assert ps is not None  # (a power struggle is under way)
    ps["hands"][side].remove(card)
    ps["out"].append(card)


@ask("ps_attack")
class Attack(Ask):
    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        return attack_options(g, f["role"])

    def apply(self, g: DawnState, f: Frame, action: Action) -> None:
        ps = g.ps
        assert ps is not None  # (a power struggle is under way)
        side, card = f["role"], action.arg
        g.stack.pop()
        _play(g, side, card)
        p = POWER_CARDS[card]
        if not g.quiet:  # (a quiet game keeps no log: its arguments need not be built)
            g.say("The {side} attacks with {card}.", side=NAMES[side], card=p.name)
        if p.kind == "suit":
            ps["led"] = (card, p.name)
            g.push({"p": "ps_match", "role": 1 - side})
        elif p.kind == "leader":
            g.push({"p": "ps_name", "role": side, "card": card})
        else:
            wild(g, side, card)

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        ps = g.ps
        assert ps is not None  # (a power struggle is under way)
        banned = ps["banned"]
        if banned:
            return "Power struggle: you have the initiative; play a card (banned: {banned}).", \
                {"banned": phrase(join_terms(list(banned)))}
        return "Power struggle: you have the initiative; play a card.", {}


@ask("ps_name")
class NameSuit(Ask):
    """A leader played to attack names its suit (not a banned one)."""

    always = True

    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        ps = g.ps
        assert ps is not None  # (a power struggle is under way)
        return [Action("suit", s) for s in SUITS if s not in ps["banned"]]

    def apply(self, g: DawnState, f: Frame, action: Action) -> None:
        ps = g.ps
        assert ps is not None  # (a power struggle is under way)
        g.stack.pop()
        ps["led"] = (f["card"], action.arg)
        g.say("The leader leads {suit}.", suit=action.arg)
        g.push({"p": "ps_match", "role": 1 - f["role"]})

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        return "Name the suit your leader plays as.", {}


def wild(g: DawnState, side: int, card: int) -> None:
    """2.2-PS, 8.3.2 step 1: resolve a wild card; the initiative passes to the opponent."""
    ps = g.ps
    assert ps is not None  # (a power struggle is under way)
    opp = 1 - side
    ps["attacker"] = opp
    steps: list[Frame] = [{"p": "ps_round"}]
    if card == SUPPORT_FALTERS:  # the opponent discards 2 at random
        for _ in range(2):
            hand = ps["hands"][opp]
            if hand:
                ps["out"].append(hand.pop(g.rng.below(len(hand))))
    elif card == SUPPORT_SURGES:  # draw 2 more
        for _ in range(2):
            if ps["deck"]:
                ps["hands"][side].append(ps["deck"].pop())
    elif card == SCARE_TACTICS:  # remove 1 opponent SP in the country
        steps.insert(0, remove(side, 1, in_country(ps["country"])))
    g.push(steps)


@ask("ps_match")
class Match(Ask):
    """1989 8.3.2 step 2: match the suit (card or usable leader), Tactic Fails, or concede."""

    always = True

    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        ps = g.ps
        assert ps is not None  # (a power struggle is under way)
        side = f["role"]
        suit = ps["led"][1]
        out = []
        for c in distinct(ps["hands"][side]):
            p = POWER_CARDS[c]
            if (p.kind == "suit" and p.name == suit) or c == TACTIC_FAILS or \
                    (p.kind == "leader" and leader_usable(g, side, c)):
                out.append(PSCARD[c])
        out.append(CONCEDE)
        return out

    def apply(self, g: DawnState, f: Frame, action: Action) -> None:
        side = f["role"]
        ps = g.ps
        assert ps is not None  # (a power struggle is under way)
        g.stack.pop()
        led_card, suit = ps["led"]
        if action.verb == "concede":
            ps["winner"], ps["suit"] = 1 - side, suit
            if not g.quiet:  # (a quiet game keeps no log: its arguments need not be built)
                g.say("The {side} does not match: the {winner} wins with {suit}.", side=NAMES[side],
                      winner=NAMES[1 - side], suit=suit)
            return
        card = action.arg
        _play(g, side, card)
        if card == TACTIC_FAILS:  # the suit is banned, no roll, the attacker keeps the initiative
            ps["banned"] = (*ps["banned"], suit)
            if not g.quiet:  # (a quiet game keeps no log: its arguments need not be built)
                g.say("Tactic Fails: {suit} is banned for the rest of the struggle.", suit=suit)
        else:
            value = POWER_CARDS[led_card].value
            if not g.quiet:  # (a quiet game keeps no log: its arguments need not be built)
                g.say("The {side} matches with {card}.", side=NAMES[side], card=POWER_CARDS[card].name)
            if value <= 1:  # 1989 8.3.2 step 3: a Rally (value 1) counters automatically
                ps["attacker"] = side
            else:
                die = g.roll()
                if die >= value:
                    ps["attacker"] = side
                if not g.quiet:  # (a quiet game keeps no log: its arguments need not be built)
                    g.say("Initiative roll {die} against {value}: {who} has the initiative.", die=die, value=value,
                          who=NAMES[ps["attacker"]])
        g.push({"p": "ps_round"})

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        ps = g.ps
        assert ps is not None  # (a power struggle is under way)
        led_card, suit = ps["led"]
        value = POWER_CARDS[led_card].value
        if value <= 1:
            return "Power struggle: match {suit} (you then take the initiative) or concede.", {"suit": suit}
        return "Power struggle: match {suit} (then a roll of {value}+ takes the initiative) or concede.", \
            {"suit": suit, "value": value}


def aftermath_modifier(g: DawnState) -> int:
    """1989 8.4.1: Petition -2, Rally +2, +1 per raise, +1 if Yakovlev and the Democrat won."""
    ps = g.ps
    assert ps is not None  # (a power struggle is under way)
    mod = {RALLY: 2, PETITION: -2}.get(ps["suit"], 0) + sum(ps["raised"])
    if ps["winner"] == D and any(e.name == "aftermath+1" and e.side == D for e in g.effects.values()):
        mod += 1
    return mod


def results(roll: int) -> int:
    """The Power Struggle Results table, modified roll clamped to 0..7 (8.4)."""
    return RESULTS_TABLE[max(0, min(7, roll))]


@auto("ps_aftermath")
def ps_aftermath(g: DawnState, f: Frame) -> None:
    """1989 8.4.2: the loser rolls and removes that many of his SPs from the country."""
    ps = g.ps
    assert ps is not None  # (a power struggle is under way)
    winner = ps["winner"]
    loser = 1 - winner
    mod = aftermath_modifier(g)
    die = g.roll()
    loss = results(die + mod)
    if not g.quiet:  # (a quiet game keeps no log: its arguments need not be built)
        g.say("{line}", line=plural(
            "The {winner} wins the power struggle in {country}. Support loss roll {die}{mod:+d}: the {loser} "
            "removes {loss} SP there.",
            "The {winner} wins the power struggle in {country}. Support loss roll {die}{mod:+d}: the {loser} "
            "removes {loss} SPs there.", "loss", winner=NAMES[winner], country=ps["country"], die=die, mod=mod,
            loser=NAMES[loser], loss=loss))
    steps: list[Frame] = []
    if loss:
        steps.append(remove(loser, loss, in_country(ps["country"]), whose=loser))
    steps.append({"p": "ps_vp", "mod": mod})
    g.push(steps)


@auto("ps_vp")
def ps_vp(g: DawnState, f: Frame) -> None:
    """1989 8.4.3-8.4.4: the winner's VP roll; a Democrat roll of 4+ topples the Communist."""
    ps = g.ps
    assert ps is not None  # (a power struggle is under way)
    winner, country = ps["winner"], ps["country"]
    die = g.roll()
    roll = die + f["mod"]
    gain = results(roll)
    if not g.quiet:  # (a quiet game keeps no log: its arguments need not be built)
        g.say("VP roll {die}{mod:+d}: the {winner} gains {n} VP.", die=die, mod=f["mod"], winner=NAMES[winner], n=gain)
    g.add_vp(gain if winner == D else -gain)
    idx = g.country_index(country)
    if winner == D and roll >= 4 and g.power[idx] == C:
        g.power[idx] = D
        g.say("The Communist falls from power in {country}.", country=country)
        g.push({"p": "ps_score"})
    elif g.power[idx] == C:
        g.push({"p": "ps_surrender", "role": C})
    else:
        g.push({"p": "ps_score"})


@ask("ps_surrender")
class Surrender(Ask):
    """1989-completion 8.4.5-8.4.6: keep power (score power value x times kept) or give it up."""

    always = True

    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        return list(KEEP_OR_SURRENDER)

    def apply(self, g: DawnState, f: Frame, action: Action) -> None:
        ps = g.ps
        assert ps is not None  # (a power struggle is under way)
        g.stack.pop()
        country = ps["country"]
        idx = g.country_index(country)
        if action.arg == "keep":
            g.retained[idx] += 1
            g.add_vp(-COUNTRY[country].power_value * g.retained[idx], msg("power kept in {country}", country=country))
        else:
            g.power[idx] = D
            g.say("The Communist gives up power in {country}.", country=country)
        g.push({"p": "ps_score"})

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        ps = g.ps
        assert ps is not None  # (a power struggle is under way)
        return "Keep power in {country} or give it up?", {"country": ps["country"]}


@auto("ps_score")
def ps_score(g: DawnState, f: Frame) -> None:
    """1989 8.5: country scoring ends the struggle; then the automatic victory check (10.1)."""
    ps = g.ps
    assert ps is not None  # (a power struggle is under way)
    country, card = ps["country"], ps["card"]
    score_country(g, country)
    if card is not None:  # the scoring card: removed if the Democrat now holds power, else discarded
        for pile in (g.in_play, g.discard, g.removed):
            if card in pile:
                pile.remove(card)
        (g.removed if g.holds_power(D, country) else g.discard).append(card)
    g.ps = None
    g.in_ps = False
    g.expire("ps")
    g.vp = max(-20, min(20, g.vp)) if not g.final else g.vp
    g.check_victory()
    g.run_hooks("after_ps", country)
