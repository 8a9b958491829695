"""Which messages a game shows: every template and term met in seeded random games, with the
game's own list of terms. The extractor writes them into the catalogue template; the tests check
that a catalogue has them all."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from agon.engine import Game, Rng, State, Text, load

MessageId = tuple[str, str | None]  # (msgid, plural msgid or None)


def is_term(value: str) -> bool:
    """Whether a string argument is a word to translate (not a number, not empty)."""
    stripped = value.strip()
    return bool(stripped) and not stripped.lstrip("+-").replace(".", "", 1).isdigit()


def ids_of(message: Text | str) -> Iterator[MessageId]:
    """The catalogue ids a message needs: its template and, recursively, its arguments."""
    if isinstance(message, str):
        if is_term(message):
            yield message, None
        return
    yield message.template, message.plural
    yield from args_ids(message.args)


def args_ids(args: Mapping[str, Any]) -> Iterator[MessageId]:
    for value in args.values():
        yield from value_ids(value)


def value_ids(value: Any) -> Iterator[MessageId]:
    if isinstance(value, Text):
        yield from ids_of(value)
    elif isinstance(value, str):
        if is_term(value):
            yield value, None
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from value_ids(item)


def game_terms(game: Game) -> Iterator[MessageId]:
    """The terms a game declares, its card texts, role names and option names."""
    for term in game.terms():
        if is_term(term):
            yield term, None
    for card in game.cards():
        for key in ("name", "short", "text"):
            value = card.get(key)
            if isinstance(value, str) and is_term(value):
                yield value, None
    yield game.title, None
    for labels in game.fact_labels().values():  # the words of the page's "Numbers of the position"
        for label in labels.values():
            if is_term(label):
                yield label, None
    for spec in game.option_specs():
        for text in (spec.name, spec.help):
            if text:
                yield text, None
        for value in spec.allowed():
            if isinstance(value, str) and is_term(value):
                yield value, None
    for players in _player_counts(game):
        for role in game.roles(players=players) if players else game.roles():
            if is_term(game.role_name(role)):
                yield game.role_name(role), None


def _player_counts(game: Game) -> list[int | None]:
    for spec in game.option_specs():
        if spec.name == "players":
            return list(spec.allowed())
    return [None]


def state_ids(state: State, roles: list[str]) -> Iterator[MessageId]:
    """What every active role is asked now: the prompt and each action's label."""
    for role in state.active:
        prompt = state.prompt(role)
        yield from ids_of(prompt.question)
        for message in prompt.messages:
            yield from ids_of(message)
    for role in roles:
        if role not in state.active:
            yield from ids_of(state.prompt(role).question)


def log_ids(state: State) -> Iterator[MessageId]:
    for entry in state.log:
        yield from ids_of(Text(entry.text, entry.args))


def random_game_ids(game_id: str, seed: int, options: Mapping[str, Any] | None = None) -> Iterator[MessageId]:
    """The ids met in one random game to its end, every step's prompts and labels included."""
    game = load(game_id)
    state = game.new(seed, **dict(options or {}))
    roles = game.roles(**state.options)
    chooser = Rng(seed + 7919)
    yield from state_ids(state, roles)
    while state.active:
        role = state.active[chooser.below(len(state.active))]
        legal = state.legal_actions(role)
        state.apply(role, legal[chooser.below(len(legal))])
        yield from state_ids(state, roles)
    yield from log_ids(state)
    verdict = state.verdict
    if verdict is not None:
        yield from args_ids({k: v for k, v in verdict.as_dict().items() if isinstance(v, str)})


def option_variants(game: Game) -> list[dict[str, Any]]:
    """The game with no options, then each option's values one at a time (where the spec lists
    values), so that rare branches (a player count, a variant) show their words too."""
    variants: list[dict[str, Any]] = [{}]
    for spec in game.option_specs():
        for value in spec.allowed():
            if value == spec.default:
                continue
            options = {**spec.requires, spec.name: value}
            if spec.players:
                options.setdefault("players", spec.players[0])
            try:
                game.normalize_options(dict(options))
            except ValueError:
                continue
            variants.append(options)
    return variants
