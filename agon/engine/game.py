"""Game and State: the contract every game implements (docs/implementing-a-game.md).

A game package (`agon/games/<name>/__init__.py`, or a package of another distribution) defines a
`Game` subclass and a `State` subclass and exposes one instance as `GAME`, which an entry point of
the group `agon.games` declares (agon/engine/registry.py). Everything else (bots, terminal, server, RL) talks only to
the public methods below.

What a game writes (the protected hooks):

    Game:  id, title, state_class, roles(**options), normalize_options(options)
           option_specs() -> [OptionSpec]  (the options as data, for lobbies)
           render(view, role, full, tr) -> str   (terminal board; rich markup allowed; words via tr)
           bots() -> {name: factory(game_id, seed) -> Bot}  (game-specific bots, optional)
           rules_text(lang) -> str | None  (`agon rules`: rules.md beside the module, or agon/rules/<rules_doc>)
           cards() -> [{"id", "name", "short", "text", ...}]  (the card catalogue, optional)
           role_name(role) -> str      (what a person calls a role, optional)
           layout(), fact_labels(), terms()  (front ends: layout.json, facts.json, words to translate)
           board_script() -> str | None  (the web board's renderer: board.js beside the module)
           languages() -> [lang]        (the translations its catalogues hold: locale/<lang>.po)
           action_domain() -> [Action]  (every action it can ever offer: RL's fixed numbering)
           sample_options() -> [dict]   (option sets spanning its variants: RL survey, test suites)
           position_codec() -> PositionCodec  (readable fields and checks of its positions, optional:
                                        agon/engine/position.py, docs/positions.md)
           rl_space(), positional_features  (rl.json beside the module; agon/rl/observation.py)
    State: _setup()                     deal, place, shuffle (state.rng is ready)
           _active() -> list[str]       roles that must act now ([] once over)
           _legal(role) -> list[Action] legal actions, deterministic order (never "undo")
                                        (both may return lists the game shares and made once:
                                        the engine only reads them, and hands callers copies)
           _apply(role, action)         mutate; called only with a legal action
           _prompt(role) -> (text, args)
           _view(role) -> dict          what `role` may see (None: a spectator)
           _result() -> Result | None   None while the game goes on, then the typed Result
                                        (winners, scores, reason, the game's other facts)
           _copy_into(twin)             copy the mutable containers (the base copied __dict__)
           _determinize(role, rng)      resample, in place on a clone, what `role` cannot know
           label(action) -> str         readable label (optional)
           check_invariants()           raise AssertionError if the state is inconsistent (optional)
"""

from __future__ import annotations

import hashlib
import importlib.resources
import json
from abc import ABC, abstractmethod
from collections.abc import Callable
from functools import partial
from math import floor
from operator import indexOf
from typing import Any, ClassVar, Self

from agon.engine.actions import UNDO, Action, Prompt, as_action, legal_match, short
from agon.engine.callbacks import DIGEST_NAME
from agon.engine.errors import AgonError, IllegalAction, OptionError
from agon.engine.log import LogEntry, SharedList
from agon.engine.log_views import LogViews
from agon.engine.options import OptionSpec, check_options
from agon.engine.position import PositionCodec, position_of, state_from
from agon.engine.registry import games, load, register  # noqa: F401 - the registry's names, as before
from agon.engine.result import Result
from agon.engine.rng import KeyedRng, RandomSource, Rng, make_rng
from agon.engine.text import _UNDO_LABEL, ENGLISH, NOBODY, NOTE, UNDONE, WAITING, Text, Translator, as_text

ENGINE_VERSION = "0.3.0"
# engine versions whose digests this one reproduces (0.2.0: the whole state; 0.3.0: its log as
# English words, so that a translatable message built differently keeps the digest)
DIGEST_SINCE = (ENGINE_VERSION,)

# what the engine knows of one position, computed once (issue 15): (the active roles, {role: its legal list})
Memo = tuple[list[str], dict[str, list[Action]]]

class Game(ABC):
    """A game's facts: its id, roles and options; `new` starts a game."""

    id: ClassVar[str]
    title: ClassVar[str]
    state_class: ClassVar[type[State]]
    rules_doc: ClassVar[str | None] = None
    # the version of the game's rules as code: raised by every change after which a stored list of
    # actions may play to another game (a rule, a setup, a random draw's order); the server keeps
    # it with each match and does not go on with a match under other rules (docs/server.md, Upgrades)
    rules_version: ClassVar[str] = "1"

    @abstractmethod
    def roles(self, **options: Any) -> list[str]:
        """The roles that take seats with these options."""

    def normalize_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Check options and fill defaults (what records store); raise OptionError naming a bad
        option. By default: checked against `option_specs()` (agon.engine.options.check_options);
        a game overrides it only for what specs cannot say (an alias, options that do not combine)."""
        specs = self.option_specs()
        if not specs and options:
            raise OptionError(f"{self.id} takes no options; got {sorted(options)}")
        return check_options(specs, options, self.id)

    def option_specs(self) -> list[OptionSpec]:
        """The options `normalize_options` accepts, as data (name, type, allowed values, default,
        the player counts each applies to), for lobbies and front ends; [] for a game with none."""
        return []

    def new(self, seed: int = 0, *, quiet: bool = False, generator: str = "splitmix", **options: Any) -> State:
        """A new game from `seed` with these options; `quiet`: a machine's game, with no log
        lines from the setup on (the record stays; `log` replays it). `generator` names the
        state's random generator: "splitmix" (`Rng`, fast, for the machines' games: its numbers
        give its seed away) or "keyed" (`KeyedRng`, for a game whose hidden cards must stay
        hidden: its seed, any int from 0 to 2**256 - 1, from `new_secret_seed()`). A bad
        generator or seed raises ValueError."""
        opts = self.normalize_options(dict(options))
        state = self.state_class.__new__(self.state_class)
        state._init_base(self, int(seed), opts, generator)
        state.quiet = bool(quiet)
        state._setup()
        return state

    def from_position(self, data: dict[str, Any]) -> State:
        """The state of a position that `State.position()` wrote (plain JSON, a file's), checked:
        PositionError, one line, for one that cannot be read or that the game cannot be in. The
        state has no history: it plays on from here as the one it was taken from (docs/positions.md)."""
        return state_from(self, data)

    def position_codec(self) -> PositionCodec:
        """The game's part in its positions (agon/engine/position.py): its readable fields and
        its checks, from a module of the game's package; the engine's generic part by default."""
        return PositionCodec()

    def bots(self) -> dict[str, Callable[..., Any]]:
        """Game-specific bots: name -> factory(game_id, seed) returning a Bot."""
        return {}

    def default_seat(self, role: str, options: dict[str, Any]) -> str:
        """The bot that takes a seat nobody asked for."""
        return "random"

    # the ISMCTS budget of one second of one idle core (docs/bots.md, the ladder), in iterations so
    # that the same seed plays the same game on any machine; a game sets its own
    SEARCH_ITERATIONS = 500

    def opponent(self, role: str, options: dict[str, Any]) -> str:
        """Who plays a seat nobody named against a person at the terminal (`agon play`): the game's
        own automaton where it has one for the seat, else ISMCTS at about a second a move, the
        strongest bot of the ladder that answers within seconds (docs/bots.md)."""
        seat = self.default_seat(role, options)
        return seat if seat != "random" else f"ismcts:iterations={self.SEARCH_ITERATIONS}"

    def successor(self, role: str, options: dict[str, Any]) -> str | None:
        """Who takes the seat of a player who leaves a game under way (resigns, abandons, runs out
        of time) so that the others play on; None where the game cannot go on without them (the
        server then ends the match and ranks the one who left last). By default a game of two
        roles ends, and a larger one seats `opponent`: the game's automaton, else the strongest
        bot that answers within seconds."""
        if len(self.roles(**options)) <= 2:
            return None
        return self.opponent(role, options)

    def successor_name(self, bot: str) -> Text | None:
        """What the log calls the bot `successor` named, in "... {who} takes the seat" (a game's
        automaton by its rulebook's name); None: the server says "the bot NAME"."""
        return None

    def neighbours(self) -> dict[str, list[tuple[str, str]]]:
        """The map, from the game's data: each space's name -> [(a neighbour's name, the name of the
        connection between them, or "" where spaces simply touch)], names as the terms a translator
        knows. {} for a game without a map (the terminal's `m` says so)."""
        return {}

    def map_facts(self, view: dict[str, Any]) -> dict[str, Text]:
        """What a map reader needs about each space in this view, as a short Text (who controls it,
        or each side's strength there); {} by default."""
        return {}

    def holders(self, view: dict[str, Any]) -> dict[str, str]:
        """Who holds each space in this view, in a word a translator knows (a side's name), for the
        short facts beside a choice that names a space; a space nobody holds is left out. {} by
        default (the terminal then adds nothing)."""
        return {}

    def one_person(self, role: str, options: dict[str, Any]) -> dict[str, Any]:
        """The options of a game that one person plays as `role` and that names no player count
        (`agon play GAME`): as given, unless the game seats its automata only by its options
        (Cuba Libre's Non-players in a one-player game)."""
        return options

    def render(self, view: dict[str, Any], role: str | None, full: bool = False, tr: Translator = ENGLISH) -> str:
        """The board as text for the terminal (rich markup allowed), its words through `tr`. A game
        whose usual board is a summary that fits one screen draws every space with `full` (the
        terminal's `b`)."""
        return json.dumps({k: v for k, v in view.items() if k != "log"}, indent=1)

    def role_name(self, role: str) -> str:
        """What a person calls a role (Cuba Libre: "26July" for "m26"); the role id by default."""
        return role

    def layout(self) -> dict[str, Any]:
        """The board's layout for graphical front ends: `layout.json` beside the game's module
        (coordinates of spaces, tracks and boxes), or {} for a game that has none."""
        return self._data_file("layout.json")

    def fact_labels(self) -> dict[str, dict[str, str]]:
        """Words for the ids a front end shows among a view's plain facts (the web page's "Numbers
        of the position"): {"keys": {id: label}, "values": {id: label}}, the keys of the view and of
        its small mappings, and ids among its values; each label an English catalogue id ("" leaves
        that fact out). `facts.json` beside the game's module, or {} (ids are shown in words)."""
        found = self._data_file("facts.json")
        return {part: found[part] for part in ("keys", "values") if isinstance(found.get(part), dict)}

    def rules_text(self, lang: str = "en") -> str | None:
        """The player's rules reference in Markdown (`agon rules`, the server's rules pages), in
        English or in `lang`: `rules.md` (`rules.<lang>.md`) beside the game's module, else agon's
        own `agon/rules/<rules_doc>` (its `.<lang>.md`); None where there is none."""
        suffix = ".md" if lang == "en" else f".{lang}.md"
        text = self._package_text("rules" + suffix)
        if text is None:
            name = (self.rules_doc or f"{self.id}.md").removesuffix(".md") + suffix
            source = importlib.resources.files("agon").joinpath("rules", name)
            text = source.read_text(encoding="utf-8") if source.is_file() else None
        return text

    def languages(self) -> list[str]:
        """The languages the game's own catalogues translate it into (`locale/<lang>.po` beside its
        module), sorted; [] for a game in English only. Front ends show its words in English
        where a language has none; test suites check translations of the games that have them."""
        try:
            folder = importlib.resources.files(type(self).__module__).joinpath("locale")
            return sorted(entry.name.removesuffix(".po") for entry in folder.iterdir() if entry.name.endswith(".po"))
        except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
            return []

    def board_script(self) -> str | None:
        """The web page's board renderer, an ES module (`draw`, `targetOf`, `describe`, `legend`,
        `hand`: agon/web/static/board.js) that the server serves at /static/boards/<id>.js:
        `board.js` beside the game's module, else agon's own `agon/web/static/boards/<id>.js`;
        None where there is none (the page then sets the position out as text)."""
        script = self._package_text("board.js")
        if script is None:
            source = importlib.resources.files("agon").joinpath("web", "static", "boards", f"{self.id}.js")
            script = source.read_text(encoding="utf-8") if source.is_file() else None
        return script

    def _package_text(self, name: str) -> str | None:
        """A text file beside the game's module, or None."""
        try:
            source = importlib.resources.files(type(self).__module__).joinpath(name)
            return source.read_text(encoding="utf-8") if source.is_file() else None
        except (ModuleNotFoundError, FileNotFoundError):
            return None

    def _data_file(self, name: str) -> dict[str, Any]:
        """A JSON file beside the game's module, or {} when it has none."""
        package = type(self).__module__
        try:
            source = importlib.resources.files(package).joinpath(name)
            return json.loads(source.read_text(encoding="utf-8")) if source.is_file() else {}
        except (ModuleNotFoundError, FileNotFoundError):
            return {}

    def terms(self) -> list[str]:
        """Every word a front end may need to translate that is not a literal template in the
        game's code: names of spaces, pieces, sides and cards, card texts, option names and values,
        role names. The catalogue extractor collects them."""
        return []

    def cards(self) -> list[dict[str, Any]]:
        """The card catalogue for front ends: one JSON-ready dict per card, at least
        {"id", "name", "short", "text"} (our own wording of what the card does); [] if none."""
        return []

    # -- what machines need to know of the game (agon/rl): declared with the game, as data --------

    # view paths whose lists of numbers an observation reads by position rather than as a bag of
    # values (1989's support points per space): see agon/rl/observation.py
    positional_features: ClassVar[frozenset[str]] = frozenset()

    def action_domain(self) -> list[Action]:
        """Every action the game can ever offer, whatever the position and options: each verb its
        code builds with its whole argument domain from the game's data (a few actions no position
        reaches may be in it, none a position offers may be missing). The fixed numbering of RL
        environments (`rl_space`) is built from it; [] for a game without one."""
        return []

    def sample_options(self) -> list[dict[str, Any]]:
        """Option sets that span the game's variants and player counts: the RL survey plays random
        games under each (`python -m agon.rl.survey`), and the test suites run their tests of every
        game on them. The defaults alone by default."""
        return [{}]

    def rl_space(self) -> dict[str, Any]:
        """The game's fixed action numbering and feature list for RL environments: `rl.json` beside
        the game's module ({"actions": [[verb, arg], ...], "features": [...], "max_length": n}),
        written and extended by `python -m agon.rl.survey GAME`; {} for a game without one."""
        return self._data_file("rl.json")

    def __repr__(self) -> str:
        return f"<Game {self.id}>"

    def __reduce__(self) -> tuple[Callable[[str], Game], tuple[str]]:
        """A pickled game is its id: it unpickles as the registered game (`load`), not a copy."""
        return load, (self.id,)


class State(ABC):
    """One position of one game. See the module docstring for what a game implements.

    A game's state class names its fields in `__slots__` (and so do its other base classes, with
    `__slots__ = ()` where they have none), and `_setup` sets every one of them. CPython 3.11 keeps
    the attributes of an object with a `__dict__` in a plain dict once it has more than 30 of them
    or once the dict has been read (as a copy for `clone()` does), and then calls to its methods
    are not specialised: with slots a state's method calls and field reads stay on the fast path
    (Dual Powers: 7.7% fewer instructions per action). A class without `__slots__` still works
    (its `__dict__` is copied and hashed as well), only slower."""

    __slots__ = ("_actions", "_log", "_memo", "_n_actions", "_revealed", "_undo", "_view_log", "game",
                 "generator", "options", "quiet", "rng", "seed", "undo_enabled")
    game: Game
    seed: int
    options: dict[str, Any]
    rng: RandomSource
    generator: str  # "splitmix" or "keyed": which generator `rng` is, and the record says so
    undo_enabled: bool
    quiet: bool
    # the engine memoises each position's active roles and legal lists when this is on, or when
    # the state is quiet; a game turns it on once its tests call `changed()` after editing by hand
    memo_legal: ClassVar[bool] = False
    # every slot of the class and its bases (engine's first), and a function that copies them
    # (and the `__dict__` of a class without slots) from one state to another: see __init_subclass__
    _fields: ClassVar[tuple[str, ...]] = ()
    _copy_fields: ClassVar[staticmethod[[State, State], None]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names = dict.fromkeys(name for klass in reversed(cls.__mro__) for name in klass.__dict__.get("__slots__", ())
                              if name not in ("__dict__", "__weakref__"))
        cls._fields = tuple(names)
        # one assignment per field, written out: the fastest copy of slots in plain Python (clone()
        # runs once per search iteration); a class without slots has its __dict__ copied too
        body = [f"    twin.{name} = state.{name}" for name in names]
        if cls.__dictoffset__:
            body.append("    twin.__dict__ = state.__dict__.copy()")
        namespace: dict[str, Any] = {}
        exec("def copy_fields(state, twin):\n" + "\n".join(body or ["    pass"]), namespace)
        cls._copy_fields = staticmethod(namespace["copy_fields"])

    # -- pickling (a server sends a state to its bot worker) ---------------------------------

    def __getstate__(self) -> tuple[dict[str, Any] | None, dict[str, Any]]:
        """The fields, with the record's chain of links laid out flat, oldest first (pickle goes
        one level deeper for each link, and a game of about a thousand actions would pass
        Python's recursion limit), and without the engine's caches of the position. What a state
        holds is otherwise plain data and module-level callables: see agon/engine/callbacks.py."""
        fields = {name: getattr(self, name) for name in self._fields if hasattr(self, name)}
        links = []
        link = fields.get("_actions")
        while link is not None:
            links.append(link[1:])
            link = link[0]
        links.reverse()
        fields["_actions"] = links
        fields["_memo"] = fields["_view_log"] = None  # what was worked out for this position: as clone() does
        return (self.__dict__ if type(self).__dictoffset__ else None), fields

    def __setstate__(self, state: tuple[dict[str, Any] | None, dict[str, Any]]) -> None:
        extra, fields = state
        chain: tuple[Any, ...] | None = None
        for link in fields["_actions"]:
            chain = (chain, *link)
        for name, value in fields.items():
            setattr(self, name, chain if name == "_actions" else value)
        if extra:
            self.__dict__.update(extra)

    # -- construction -------------------------------------------------------------------------

    def _init_base(self, game: Game, seed: int, options: dict[str, Any], generator: str = "splitmix") -> None:
        self.game = game
        self.seed = seed
        self.options = options
        self.rng = make_rng(generator, seed)  # ValueError for a generator or seed it does not take
        self.generator = generator
        self._log = SharedList()
        # the record of actions, newest last, as immutable links (earlier links, role, action[, note]):
        # appending is one small tuple, and clones share it as it is (see _entries)
        self._actions: tuple[Any, ...] | None = None
        self._n_actions = 0  # how many links the record has
        self._undo: list[tuple[str, State]] = []
        self._revealed = False
        self._memo: Memo | None = None
        self._view_log: LogViews | None = None  # see _log_lines
        self.undo_enabled = False
        self.quiet = False  # machines' games: no log lines (the record stays; `log` replays it)

    @abstractmethod
    def _setup(self) -> None: ...

    # -- the contract -------------------------------------------------------------------------

    @property
    def active(self) -> list[str]:
        return self._active_now()[:]

    # The memo of this position (issue 15): None, or (active roles, {role: legal list}), filled
    # once per position; `apply` starts a new one, and so must anyone who edits a state by hand
    # (`changed()`). Callers read the memo's lists and never edit them.

    def _active_now(self) -> list[str]:
        memo = self._memo
        if memo is not None:
            return memo[0]
        active = self._active()  # the memo holds the game's own list: the engine only reads it
        if self.quiet or self.memo_legal:
            self._memo = (active, {})
        return active

    def _legal_now(self, role: str) -> list[Action]:
        memo = self._memo
        if memo is None:
            self._active_now()
            memo = self._memo
            if memo is None:  # no memo for this game
                return self._legal(role)
        legal = memo[1].get(role)
        if legal is None:
            legal = memo[1][role] = self._legal(role)
        return legal

    def changed(self) -> None:
        """Forget what was computed for this position (the active roles, the legal lists): call it
        after editing a state's fields by hand, as tests and scenario setups do."""
        self._memo = None

    @property
    def is_over(self) -> bool:
        return self._result() is not None

    @property
    def verdict(self) -> Result | None:
        """None while the game goes on; then the result as a typed `Result` (winners, scores,
        reason, the game's other facts), the same for every game (agon/engine/result.py): what a
        program reads. (Not `outcome`: 1989 keeps a field of that name.)"""
        return self._result()

    @property
    def result(self) -> dict[str, Any] | None:
        """The verdict in its JSON form, what views, records and the server carry: None while the
        game goes on; then {"winners": [...], "scores": {role: n}, "reason": ..., the game's other
        facts}. A program reads `verdict` instead."""
        verdict = self._result()
        return None if verdict is None else verdict.as_dict()

    @property
    def log(self) -> list[LogEntry]:
        """The log; a quiet state keeps none, so its log is rebuilt by replaying its record."""
        if self.quiet:  # (the record's replay, from the actions as applied: record.py stands above this module)
            twin = self.game.new(self.seed, generator=self.generator, **self.options)
            for role, verb, arg, *note in self._entries():
                twin.apply(role, (verb, arg), note=note[0] if note else None)
            return twin.log
        return self._log.to_list()

    @property
    def history(self) -> list[tuple[str, str, Any]]:
        """Every action applied so far, as (role, verb, arg)."""
        return [entry[:3] for entry in self._entries()]

    @property
    def actions_played(self) -> int:
        """How many actions the record holds (undo takes them back)."""
        return self._n_actions

    def _entries(self) -> list[tuple[Any, ...]]:
        """The record's entries, oldest first: (role, verb, arg) or (role, verb, arg, note)."""
        entries = []
        link = self._actions
        while link is not None:
            entries.append((link[1], link[2][0], link[2][1], *link[3:]))
            link = link[0]
        entries.reverse()
        return entries

    def legal_actions(self, role: str) -> list[Action]:
        if role not in self._active_now():
            return []
        legal = self._legal_now(role)
        if self.undo_enabled and self.can_undo(role):
            return [*legal, UNDO]
        return legal[:]

    def prompt(self, role: str) -> Prompt:
        actions = self.legal_actions(role)
        active = self._active_now()
        if role in active:
            text, args = self._prompt(role)
        else:
            # the roles by the names people use, each a term a front end translates
            names = tuple(self.game.role_name(r) for r in active)
            text, args = WAITING, {"active": names if names else NOBODY}
        messages = [_UNDO_LABEL if a == UNDO else as_text(self.label(a)) for a in actions]
        return Prompt(role, text, args, actions, messages)

    def apply(self, role: str, action: Action | tuple[str, Any], note: str | None = None) -> None:
        """Apply a legal action of an active role; otherwise raise IllegalAction, state unchanged.

        `note` is a comment that goes into the log before the action's own lines and into the
        record (a bot's reason, e.g. "8.5.2 step 3: March to Havana"), so replays keep it.
        """
        if type(role) is not str:
            raise IllegalAction(f"a role is a text; got {short(role)}")
        if note is not None and type(note) is not str:
            raise IllegalAction(f"a note is a text; got {short(note)}")
        memo = self._memo
        if memo is None:
            active = self._active_now()
            memo = self._memo
        else:
            active = memo[0]
        if role not in active:
            action = as_action(action)
            if self._result() is not None:
                raise IllegalAction(f"the game is over; {short(role)} cannot {action}")
            raise IllegalAction(f"{short(role)} cannot act now; waiting for {', '.join(active)}")
        legal = memo[1].get(role) if memo is not None else None
        if legal is None:
            legal = self._legal_now(role)
        match = None
        if type(action) is Action:  # the bots' case, an object of the legal list: one C scan
            try:
                match = legal[indexOf(legal, action)]
            except ValueError:
                pass
        if match is None or match is not action:  # (None: a junk action is None too)
            match = legal_match(action, legal)  # equal is not enough: the same types too
            if match is None:  # not one of the legal objects: read it as an action, then look again
                action = as_action(action)
                if action.verb == "undo":
                    self._do_undo(role)
                    return
                match = legal_match(action, legal)
                if match is None:
                    raise IllegalAction(self._illegal_message(role, action, legal))
        if self.undo_enabled:
            self._apply_undoable(role, match, note)
            return
        self._commit(role, match, note)

    def apply_index(self, role: str, index: int) -> None:
        """Apply the action at `index` of `legal_actions(role)`: the machines' way (the bench,
        random bots, RL environments), with no legality scan and no conversion of the action. A
        role that cannot act or an index out of range raises IllegalAction, state unchanged."""
        memo = self._memo
        if memo is not None and role in memo[0] and not self.undo_enabled:  # the machines' hot path (issue 15)
            legal = memo[1].get(role)
            if legal is not None and type(index) is int and 0 <= index < len(legal):
                action = legal[index]
                self._actions = (self._actions, role, action)  # `_commit` without a note, written out
                self._n_actions += 1
                self._memo = None  # a new position (the game may look at itself while it applies)
                handed = self._apply(role, action)  # the new position's memo, if the game found it
                self._memo = handed if handed is not None and (self.quiet or self.memo_legal) else None
                return
        # the first look at this position, undo on, or a role or index to refuse
        legal = self.legal_actions(role) if type(role) is str else []
        if not legal:
            if type(role) is not str:
                raise IllegalAction(f"a role is a text; got {short(role)}")
            if self._result() is not None:
                raise IllegalAction(f"the game is over; {short(role)} cannot act")
            raise IllegalAction(f"{short(role)} cannot act now; waiting for {', '.join(self._active_now())}")
        if type(index) is not int or not 0 <= index < len(legal):
            raise IllegalAction(f"{short(role)} has legal actions 0 to {len(legal) - 1}; got {short(index)}")
        action = legal[index]
        if not self.undo_enabled:
            self._commit(role, action)
        elif action is UNDO:
            self._do_undo(role)
        else:
            self._apply_undoable(role, action, None)

    def play_random(self, rand: Callable[[], float], limit: int | None = None) -> int:
        """Play uniformly random legal actions until the game ends (or `limit` actions); the number
        played. `rand()` gives a float in [0, 1) for each choice: of the role when several act, then
        of the action, the floor of `rand() * n` of n. The machines' loop (`agon bench` and its
        instruction count): one engine call for the whole game instead of three per action, so
        what it costs is the game's own work (issue 15). With undo on, each action goes through
        `apply_index`; an active role without a legal action (a bug of the game) raises AgonError."""
        if limit is not None and (type(limit) is not int or limit < 0):
            raise ValueError(f"a limit is a count of actions, 0 or more; got {short(limit)}")
        n = 0
        left = -1 if limit is None else limit
        # the game's own hooks: a position not yet looked at is left at once, so nothing is kept of it
        active_now, legal_now, apply = self._active, self._legal, self._apply
        undoable, keeps_memo = self.undo_enabled, self.quiet or self.memo_legal
        # `while True`: CPython 3.11 warms a loop up for specialising at an unconditional jump back
        # only; a `while n != left` loop (a conditional one) stays generic, a tenth slower a game
        while True:
            if n == left:
                return n
            memo = self._memo
            active = memo[0] if memo is not None else active_now()
            if not active:
                return n
            role = active[0] if len(active) == 1 else active[floor(rand() * len(active))]
            legal = memo[1].get(role) if memo is not None else None
            if legal is None:
                legal = legal_now(role)
            if not legal:  # a game's bug (`agon fuzz` reports it as a dead end)
                raise AgonError(f"{role} is to act but has no legal action (a dead end: a bug of the game)")
            index = floor(rand() * len(legal))  # (int() of a float in [0, n) is its floor, and costs 5x more)
            n += 1
            if undoable:
                self.apply_index(role, index)
                continue
            action = legal[index]
            self._actions = (self._actions, role, action)  # `_commit` without a note, written out
            self._n_actions += 1
            self._memo = None  # a new position (the game may look at itself while it applies)
            handed = apply(role, action)  # the new position's memo, if the game found it
            self._memo = handed if handed is not None and keeps_memo else None

    def _commit(self, role: str, action: Action, note: str | None = None) -> None:
        """Record a legal action and apply it: the hot path of play."""
        if note:
            self._record(role, action, note)
        else:
            self._actions = (self._actions, role, action)
            self._n_actions += 1
        self._memo = None  # a new position (the game may look at itself while it applies)
        handed = self._apply(role, action)  # the new position's memo, if the game found it
        self._memo = handed if handed is not None and (self.quiet or self.memo_legal) else None

    def _record(self, role: str, action: Action, note: str) -> None:
        """Put an action with a note into the record, and the note's log line into the log."""
        line = None if self.quiet else self._note_line(role, note)
        if line is not None:
            self._log.append(line)
        self._actions = (self._actions, role, action, note)
        self._n_actions += 1

    def _apply_undoable(self, role: str, action: Action, note: str | None) -> None:
        """`apply` with undo on: a snapshot before, kept unless the action revealed or rolled."""
        snapshot = self.clone()
        draws = self.rng.draws
        self._revealed = False
        self._commit(role, action, note)
        if self._revealed or self.rng.draws != draws:
            self._undo.clear()  # information came out or dice were rolled: no way back past here
        else:
            self._undo.append((role, snapshot))

    def view(self, role: str | None = None) -> dict[str, Any]:
        """A JSON-ready dict of what `role` may see (None: a spectator)."""
        return {
            "game": self.game.id,
            "role": role,
            "active": self._active_now()[:],
            "over": self.is_over,
            "result": self.result,
            **self._view(role),
            "log": self._log_view(role),
        }

    def _log_view(self, role: str | None) -> list[dict[str, Any]]:
        """The lines `role` may read, as JSON messages. A state keeps them per role and adds only
        the lines since its last view, so a view costs the same at move 600 as at move 10 but for
        copying the list (the server asks for one after every move). The messages are shared
        between views: read them, do not edit them."""
        if self.quiet:
            return [e.to_json() for e in self.log if e.to is None or e.to == role]
        return self._log_lines(role)[:]

    def log_length(self, role: str | None) -> int:
        """How many log lines `role` may read (the length of `view(role)["log"]`), without a view."""
        if self.quiet:
            return sum(1 for e in self.log if e.to is None or e.to == role)
        return len(self._log_lines(role))

    def _log_lines(self, role: str | None) -> list[dict[str, Any]]:
        """The cached list behind `_log_view`, brought up to date (not a copy: do not edit it)."""
        views = self._view_log
        if views is None:
            views = self._view_log = LogViews()
        return views.lines(self._log._items, len(self._log), role)

    def clone(self) -> Self:
        twin = object.__new__(type(self))
        self._copy_fields(self, twin)
        twin.rng = self.rng.clone()
        twin._memo = None
        twin._view_log = None  # the twin's log may part from this one's
        twin._log = self._log.fork()
        twin._undo = []
        self._copy_into(twin)
        return twin

    def determinize(self, role: str, rng: RandomSource) -> State:
        """A full state that `role` cannot tell from this one: what it cannot see is resampled
        with `rng` (never this state's own generator), and future dice are reseeded. The twin's
        generator is a fast `Rng` seeded from `rng`, whatever this state's is: search never
        touches the real generator, and never pays for a keyed one."""
        roles = self.game.roles(**self.options)
        if role not in roles:
            raise ValueError(f"determinize takes one of the roles {', '.join(roles)}; got {short(role)}")
        twin = self.clone()
        twin.rng = Rng(rng.next64())  # (what `Rng.fork` does)
        twin.generator = "splitmix"
        twin.seed = rng.next64() >> 2  # the seed decides the deck and an automaton's die rolls: hidden too
        twin._determinize(role, rng)
        return twin

    def record(self) -> dict[str, Any]:
        """The seed, the options and every action (see agon.engine.record); "generator": "keyed"
        for a keyed game (a SplitMix game's record has no such key, as before there was a choice)."""
        record: dict[str, Any] = {"game": self.game.id, "engine": ENGINE_VERSION, "seed": self.seed}
        if self.generator != "splitmix":
            record["generator"] = self.generator
        record["options"] = dict(self.options)
        record["actions"] = [[entry[0], entry[1], _jsonable(entry[2]), *entry[3:]] for entry in self._entries()]
        return record

    def position(self) -> dict[str, Any]:
        """The whole position as plain JSON, hidden parts included (the deck's order, the hands,
        the generator's state, a decision under way, the log), without the history:
        `game.from_position` builds it again (agon/engine/position.py, docs/positions.md)."""
        return position_of(self)

    def snapshot(self) -> dict[str, Any]:
        """Everything about the state, JSON-ready: every role's view, the generator, the history."""
        roles = self.game.roles(**self.options)
        return {
            "views": {r: self.view(r) for r in roles},
            "spectator": self.view(None),
            "rng": [self.rng.state, self.rng.draws],
            "actions": self.record()["actions"],
        }

    def digest(self) -> str:
        """A short hash of the whole state, hidden parts included (deck order, hands, face-down
        cards), the generator, the history and the log: two states with the same digest are the
        same game at the same point."""
        blob = repr((self.game.id, self._digest_snapshot(), self.rng.state, self.rng.draws))
        if self.generator != "splitmix":  # (a SplitMix game's digest is as before there was a choice)
            blob += repr(self.generator)
        h = hashlib.sha256(blob.encode())
        h.update(repr(self._entries()).encode())  # plain values: a stable repr
        # the log as read in English: the same words give the same digest however a game builds them
        # (but for undo's line: a move taken back leaves the game where it was, as its record replays)
        h.update(repr([(e.message(), e.to) for e in self._log if e.text != UNDONE]).encode())
        return h.hexdigest()[:16]

    def _digest_snapshot(self) -> Any:
        """Everything the game holds, hidden or not, in a canonical form for `digest()`: by
        default its public fields. A game overrides it only if it keeps its state elsewhere."""
        return canonical(self._public_fields())

    def _public_fields(self) -> dict[str, Any]:
        """The game's fields whose names have no leading underscore (games keep caches in the
        others), without the engine's own: name -> value."""
        fields = {k: getattr(self, k) for k in self._fields if k[0] != "_" and k not in _NOT_STATE and hasattr(self, k)}
        if type(self).__dictoffset__:  # a class without slots
            fields.update((k, v) for k, v in self.__dict__.items() if k[0] != "_" and k not in _NOT_STATE)
        return fields

    # -- undo ----------------------------------------------------------------------------------

    def can_undo(self, role: str) -> bool:
        return bool(self._undo) and self._undo[-1][0] == role

    def _do_undo(self, role: str) -> None:
        if not self.undo_enabled or not self.can_undo(role):
            raise IllegalAction(f"{role} has nothing to undo (undo stops where cards were revealed or dice rolled)")
        stack = self._undo
        _, snapshot = stack.pop()
        self.become(snapshot)
        self._undo = stack
        self.undo_enabled = True
        self.say(UNDONE, role=self.game.role_name(role))  # the other seats saw the move: say it is gone

    # -- helpers for games ---------------------------------------------------------------------

    def become(self, other: State) -> None:
        """Take every field of `other`, a state of the same class (a clone this state tried a line
        of play on, or an undo snapshot): this object is that position from now on."""
        if type(other) is not type(self):
            raise TypeError(f"become takes a {type(self).__name__}; got a {type(other).__name__}")
        self._copy_fields(other, self)

    def say(self, text: str, to: str | None = None, **args: Any) -> None:
        """Add a log line: an English template filled from args; `to` makes it private to a role.
        A quiet state skips it."""
        if not self.quiet:
            self._log.append(LogEntry(text, args, to))

    def _note_line(self, role: str, note: str) -> LogEntry | None:
        """The log line for a bot's reason given to `apply` (None: no line); a game may set it apart."""
        return LogEntry(NOTE, {"role": role, "note": note}, None)

    def reveal(self) -> None:
        """Mark that the current action showed someone hidden information (ends undo)."""
        self._revealed = True

    def label(self, action: Action) -> str | Text:
        """What a person reads for a legal action: a Text (or a template with no arguments)."""
        return str(action)

    def check_invariants(self) -> None:  # noqa: B027 - a game without invariants keeps this
        """Raise AssertionError if the state breaks one of the game's invariants."""

    def _illegal_message(self, role: str, action: Action, legal: list[Action]) -> str:
        shown = ", ".join(str(a) for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
        asked = str(Text(*self._prompt(role)))
        return f"{action} is not legal for {role} now (asked: {asked}); legal: {shown}"

    # -- hooks ---------------------------------------------------------------------------------

    @abstractmethod
    def _active(self) -> list[str]: ...

    @abstractmethod
    def _legal(self, role: str) -> list[Action]: ...

    @abstractmethod
    def _apply(self, role: str, action: Action) -> Memo | None:
        """Apply a legal action. A game that finds the new position's decision anyway while it
        applies (1989's flow looks for the next decision that has options) returns it as a memo,
        `([role], {role: legal list})` as `_active` and `_legal` would give them (lists the engine
        only reads), and the engine keeps it instead of asking again (issue 15); others return
        None."""

    @abstractmethod
    def _prompt(self, role: str) -> tuple[str, dict[str, Any]]: ...

    @abstractmethod
    def _view(self, role: str | None) -> dict[str, Any]: ...

    @abstractmethod
    def _result(self) -> Result | None:
        """None while the game goes on, then who won, the scores and why (a `Result`)."""

    @abstractmethod
    def _copy_into(self, twin: State) -> None: ...

    @abstractmethod
    def _determinize(self, role: str, rng: RandomSource) -> None: ...


_NOT_STATE = frozenset({"game", "undo_enabled", "quiet", "rng", "generator"})  # the rng is hashed on its own


def canonical(value: Any) -> Any:
    """`value` as nested tuples of plain values with a stable repr: dicts and sets sorted,
    dataclasses and plain objects by their fields, functions by name."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list or kind is tuple:
        return tuple([v if type(v) in _PLAIN else canonical(v) for v in value])
    if isinstance(value, dict):
        return ("dict", tuple(sorted(((canonical(k), canonical(v)) for k, v in value.items()), key=repr)))
    if isinstance(value, (set, frozenset)):
        return ("set", tuple(sorted((canonical(v) for v in value), key=repr)))
    if isinstance(value, (tuple, list)):  # named tuples and list subclasses
        return (kind.__name__, tuple(canonical(v) for v in value))
    if isinstance(value, SharedList):
        return canonical(value.to_list())
    if isinstance(value, Rng):
        return ("rng", value.state, value.draws)
    if isinstance(value, KeyedRng):
        return ("keyed-rng", value.state, value.draws)
    if kind is partial:  # a callback bound to its arguments: read as its function (agon/engine/callbacks.py)
        value = value.func
    if callable(value) and hasattr(value, "__qualname__"):
        return ("fn", getattr(value, "__module__", ""), getattr(value, DIGEST_NAME, value.__qualname__))
    fields = getattr(value, "__dict__", None)
    if fields is None and hasattr(type(value), "__slots__"):
        fields = {k: getattr(value, k) for k in type(value).__slots__ if hasattr(value, k)}
    return (kind.__name__, canonical(fields) if fields is not None else None)


_PLAIN = frozenset({int, str, bool, float, type(None), bytes})


def _jsonable(arg: Any) -> Any:
    if isinstance(arg, tuple):
        return [_jsonable(a) for a in arg]
    return arg
