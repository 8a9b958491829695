"""Playing in the terminal: the board, the log, the prompt with numbered choices."""

from __future__ import annotations

import re
import time
import unicodedata
from collections.abc import Callable
from functools import partial

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.text import Text

from agon.bots.analysis import Budget, hint
from agon.cli.rules import Card, card_text, find_card, translated_cards
from agon.engine import ENGLISH, Action, Prompt, State, Translator, plural
from agon.engine import Text as Message
from agon.engine.actions import freeze
from agon.engine.text import from_json
from agon.i18n import _

HELP = _("Type the number of a choice, or the start of its name. b = board, m NAME = a space and its neighbours "
         "(m N: those of choice N; m: the whole map), l = whole log, u = undo, c N = card #N "
         "in full (the number after # beside a card; c alone: every card on screen), t = tip (the bot's top three "
         "choices), h = help, q = quit (saves to the --save or --load file).")
HELP_WITHOUT_MAP = _("Type the number of a choice, or the start of its name. b = board, l = whole log, u = undo, "
                     "c N = card #N in full (the number after # beside a card; c alone: every card on screen), "
                     "t = tip (the bot's top three choices), h = help, q = quit (saves to the --save or --load file).")
KEYS = _("(b board, m map, l log, c N card #N, u undo, t tip, h help, q quit)")
KEYS_WITHOUT_MAP = _("(b board, l log, c N card #N, u undo, t tip, h help, q quit)")  # a game with no map
HINT_BUDGET = Budget(iterations=1000, match_iterations=1000, seconds=2.0)  # a tip: about two seconds at most
LONGEST_CHOICE = 6  # digits: more than any prompt offers, few enough that int() never refuses


class Quit(Exception):
    """The person asked to stop."""


class TerminalPlayer:
    """Answers prompts for the human seats, and shows what happens in between."""

    def __init__(self, console: Console, humans: list[str], input_fn: Callable[[str], str] | None = None,
                 seats: dict[str, str] | None = None, tr: Translator = ENGLISH,
                 hints: Budget | None = HINT_BUDGET) -> None:
        self.console = console
        self.hints = hints  # the budget of a tip (`t`); None: no tips in this game
        self.tr = tr
        self.humans = humans
        self.seats = seats or {}
        self.input = input_fn or console.input
        self.shown = 0
        self.last_human: str | None = None
        self.seen: dict[str, int] = {}  # hot seat: the log length when each person last acted
        self.board_at: tuple[int, int, str] | None = None  # (actions, log lines, prompt) at the last drawing
        self.help = HELP  # the help of the game shown: a game with no map has no `m` (Intrigue City)
        self.thinking: Progress | None = None
        self._catalogue: list[Card] | None = None
        self._named: dict[str, Card] = {}
        self._pattern: re.Pattern[str] | None = None
        self._think_start = 0.0
        self.numbering = Numbering()
        self.log_from = 0  # the next screen's log starts here, read by `log_viewer`
        self.log_viewer: str | None = None
        self.printed_rows = 0  # rows printed since the last screen outside it (a bot's thinking time)
        self._held_at: tuple[int, int, int, str] | None = None
        self._held: dict[str, str] = {}

    def viewer(self, state: State) -> str | None:
        """Whose eyes the log is read with: the only human; in hot seat, the person at the keyboard
        (the screen and scrollback are cleared before the next one sits down)."""
        return self.humans[0] if len(self.humans) == 1 else self.last_human

    def show_log(self, state: State, start: int, viewer: str | None) -> None:
        for entry in state.log[start:]:
            if entry.to is None or entry.to == viewer:
                self.console.print(f"  [dim]·[/dim] {escape(self.tr.text(Message(entry.text, entry.args)))}")

    def show_new_log(self, state: State) -> None:
        self.show_log(state, self.shown, self.viewer(state))
        self.shown = len(state.log)

    # -- cards -----------------------------------------------------------------------------------

    def catalogue(self, state: State) -> list[Card]:
        if self._catalogue is None:
            self._catalogue = sorted(translated_cards(state.game, self.tr), key=lambda c: -len(str(c["name"])))
            for card in self._catalogue:  # (cards of one name, 1989's power struggle Strikes: the first)
                self._named.setdefault(str(card["name"]), card)
            if self._named:  # one pattern, the longest names first: a longer name hides a shorter one inside it
                names = "|".join(re.escape(name) for name in self._named)
                self._pattern = re.compile(rf"(?<!\w)(?:{names})(?!\w)")
        return self._catalogue

    def cards_in(self, state: State, text: str) -> list[Card]:
        """The catalogue's cards whose names appear in `text`, in the order they appear, each once
        (one search for them all: a search per card cost a second a screen on 1989's 162 cards)."""
        self.catalogue(state)
        if self._pattern is None:
            return []
        found = {id(card): card for card in (self._named[match.group(0)] for match in self._pattern.finditer(text))}
        return list(found.values())

    def with_short(self, state: State, label: str) -> str:
        """The label and the number and short text of the card it names (of the side it names, for a
        card with sides such as Cuba Libre's unshaded/shaded Events; `c N` reads card N): on the
        same line when it fits, else below."""
        shorts = "; ".join(f"#{card['id']} {_short_for(card, label, self.tr)}" for card in self.cards_in(state, label))
        if not shorts:
            return escape(label)
        if len(label) + len(shorts) + 9 <= self.console.width:
            return f"{escape(label)} [dim]— {escape(shorts)}[/dim]"
        return f"{escape(label)}\n        [dim]{escape(shorts)}[/dim]"

    # -- the board ---------------------------------------------------------------------------------

    def show_board(self, state: State, role: str | None, full: bool = False, compact: bool = False,
                   bare: bool = False) -> None:
        view = state.view(role)
        board = state.game.render(view, role, full=full, tr=self.tr)
        described = self.cards_in(state, "\n".join(state.prompt(role).labels)) if role else []
        if compact and role:  # the prompt under the board says its question and lists its cards: board lines
            board = self.without_repeats(state, role, board, described)  # repeating them go (rows the log needs)
        who = self.name(state, role) if role else self.tr(_("spectator"))
        self.console.print(Panel(board, title=f"{self.tr.term(state.game.title)} — {who}"))
        cards = [card for card in self.cards_in(state, plain(board)) if card not in described]
        if cards and compact:
            if not bare:
                hint = self.tr(_("(c: the cards on screen in full)"))
                self.console.print(f"[dim]{escape(hint)}[/dim]")
        elif cards:
            shown = self.tr(_("Cards shown (c N reads card #N in full):"))
            self.console.print(f"[dim]{escape(shown)}[/dim]")
            for card in cards:
                self.console.print(f"  [bold]#{escape(str(card['id']))} {escape(str(card['name']))}[/bold]: "
                                   f"{escape(str(card['short']))}")
        self.board_at = (state.actions_played, len(state.log), state.prompt(role).text if role else "")

    def without_repeats(self, state: State, role: str, board: str, described: list[Card]) -> str:
        """The board without the lines the prompt under it repeats: its question (1989's board
        ends with it), and a list of cards that are all choices of the prompt (1989's "Your hand:"
        when a card is to be played: three rows at 80x50 that the choices list again, with their
        Ops and side; issue 34)."""
        question = self.tr.text(state.prompt(role).question).strip()
        offered = {str(card["id"]) for card in described}
        kept = []
        for line in board.split("\n"):
            text = plain(line).strip()
            if text == question:
                continue
            named = self.cards_in(state, text) if len(offered) > 1 else []
            if len(named) > 1 and all(str(card["id"]) in offered for card in named):
                continue
            kept.append(line)
        return "\n".join(kept)

    # -- bots ------------------------------------------------------------------------------------

    def before_bot(self, state: State, role: str) -> None:
        who = self.seats.get(role, "bot")
        self.stop_thinking()
        self._think_start = time.perf_counter()
        if not self.console.is_terminal:  # no live spinner where nothing can redraw it (it left blank lines)
            return
        thinking = self.tr(_("{role} ({bot}) is thinking"), role=self.name(state, role), bot=who)
        self.thinking = Progress(SpinnerColumn(), TextColumn(escape(thinking)),
                                 TimeElapsedColumn(), console=self.console, transient=True)
        self.thinking.add_task("think", total=None)
        self.thinking.start()
        self._think_start = time.perf_counter()

    def stop_thinking(self) -> None:
        if self.thinking is not None:
            self.thinking.stop()
            self.thinking = None

    def on_action(self, state: State, role: str, action: Action) -> None:
        if self.thinking is not None:
            took = time.perf_counter() - self._think_start
            self.stop_thinking()
            if took >= 1.0:
                thought = self.tr(_("({role} thought for {seconds} s)"), role=self.name(state, role), seconds=f"{took:.1f}")
                self.console.print(f"  [dim]{escape(thought)}[/dim]")
                self.printed_rows += 1
        if len(state.log) < self.shown:  # an undo took lines back
            self.shown = len(state.log)
        if role in self.humans:
            self.seen[role] = len(state.log)
        if not self.humans:  # with people, the next screen prints the log, as much as fits
            self.show_new_log(state)

    # -- hot seat ----------------------------------------------------------------------------------

    def hand_over(self, state: State, role: str) -> None:
        """Hot seat: clear the screen and the scrollback between two people, then show the incoming
        person the public log since their last turn."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J\x1b[H\x1b[2J")  # the scrollback too: nothing to scroll back to
            self.console.file.flush()
        passing = self.captured(lambda: self.console.print(
            escape(self.tr(_("Pass the keyboard to {role} and press Enter."), role=self.name(state, role)))))
        self.console.file.write(passing)
        self.printed_rows = rows(passing) + 1  # what stays on the cleared screen above the next one (and the Enter)
        try:
            self.input("")
        except EOFError as err:
            raise Quit from err
        since = self.seen.get(role, 0)
        if any(entry.to is None for entry in state.log[since:]):
            since_text = self.tr(_("Since your last turn, {role}:"), role=self.name(state, role))
            self.console.print(f"[bold]{escape(since_text)}[/bold]")
            self.printed_rows += 1
            self.log_from, self.log_viewer = since, None  # the public lines, printed with the screen (they fit)
        else:
            self.shown = len(state.log)

    # -- the prompt --------------------------------------------------------------------------------

    def choose(self, state: State, role: str) -> Action:
        # hot seat: a pass screen before every person's turn, the first one too (a loaded game must
        # not open on the first seat's hand while the others look on; issue 34 item 9)
        handed_over = len(self.humans) > 1 and self.last_human != role
        self.log_from, self.log_viewer = self.shown, self.viewer(state)
        if handed_over:
            if self.last_human is not None:  # what the last person's own action did, before the screen clears
                self.show_new_log(state)
            self.hand_over(state, role)
        self.last_human = role
        draw = handed_over or self.new_turn(state, role)  # within one's own turn, `b` shows it again
        first, said = True, ""
        while True:
            prompt = state.prompt(role)
            choices = self.numbering.choices(state, role, prompt.text, prompt.actions,
                                             [self.tr.text(m) for m in prompt.messages])
            if first:  # the screen fits the terminal: the board and the prompt whole, the log's last lines above
                room = self.screen_rows() - 1 - self.printed_rows  # (the row of "> ", what bots' thinking printed)
                logged = self.log_since(state)
                least = max(FEWEST_LOG_ROWS, self.fewest_log_rows(logged))
                for shrunk in SHRINKING:  # the board and prompt as they are; compact; the choices by name; ...
                    body = self.captured(partial(self.show_prompt, state, role, prompt, choices, draw, **shrunk))
                    if rows(body) <= room - least:
                        break
                else:  # a list of choices as tall as the board (1989's late placements): the board is b's
                    body = self.captured(partial(self.show_prompt, state, role, prompt, choices, False,
                                                 compact=True, terse=True))
                self.show_log_fitting(logged, room - rows(body))
                self.console.file.write(body)
                self.console.file.flush()
                first = False
            else:  # what a key showed stays on screen above the prompt: the prompt is compact when both do not fit
                shown = rows(said)
                body = self.captured(partial(self.show_prompt, state, role, prompt, choices, False))
                if shown + rows(body) > self.screen_rows() - 1:
                    body = self.captured(partial(self.show_prompt, state, role, prompt, choices, False, compact=True))
                self.console.file.write(body)
                self.console.file.flush()
            try:
                answer = self.input("> ").strip().lower()
            except EOFError as err:
                raise Quit from err
            with self.console.capture() as capture:  # what the key shows, measured before the prompt is drawn again
                action = self.answer(state, role, prompt.actions, choices, answer)
            said = capture.get()
            self.console.file.write(said)
            if action is not None:
                return action

    def show_prompt(self, state: State, role: str, prompt: Prompt, choices: list[tuple[int, Action, str]],
                    draw: bool, compact: bool = False, terse: bool = False, bare: bool = False) -> None:
        """The board (when `draw`), the question and the numbered choices; `compact` leaves out the
        cards' short texts and the list of cards under the board (c reads them); `terse` names
        the choices of a list longer than a few in paragraphs (m N and c N say the rest); `bare`
        leaves out the hint under the board too (the keys line says c)."""
        if draw:
            self.show_board(state, role, compact=compact, bare=bare)
        message = self.tr.text(prompt.question)
        name = self.name(state, role)
        for prefix in (f"{role}:", f"{self.tr.term(role)}:"):  # a prompt that names its role by id reads it by name
            if message.startswith(prefix):
                message = message[len(prefix):].lstrip()
        asked = message if message.startswith(f"{name}:") else f"{name}: {message}"
        keys = KEYS if state.game.neighbours() else KEYS_WITHOUT_MAP
        self.help = HELP if state.game.neighbours() else HELP_WITHOUT_MAP
        self.console.print(f"[bold]{escape(asked)}[/bold]  [dim]{escape(self.tr(keys))}[/dim]")
        labels = [(number, label) for number, _action, label in choices]
        if not compact:  # (the compact screen names each choice alone: m N says the rest)
            labels = [(number, label + self.borders(state, role, label)) for number, label in labels]
        self.print_choices(state, labels, compact, terse)

    def borders(self, state: State, role: str, label: str) -> str:
        """What matters beside a choice that names one space: who holds its neighbours, compact
        (" (borders: Leipzig [Communist], Rostock, ...)"), from the game's `neighbours` and
        `holders`; "" for a choice that names no space or several, or a game without them.
        Issue 34 item 1."""
        links = state.game.neighbours()
        named = [space for space in links if self.tr.term(space) in label or space in label] if links else []
        if len(named) != 1:
            return ""
        held = self.holders(state, role)
        if not held:
            return ""
        near = [other for other, _link in links[named[0]]]
        room = self.console.width - 8 - len(label)  # (the number before the label, a margin)
        listed = " " + self.tr(_("(borders: {spaces})"), spaces=" · ".join(
            self.tr.term(other) + (f" [{self.tr.term(held[other])}]" if other in held else "") for other in near))
        if len(listed) <= room:
            return listed
        counts: dict[str, int] = {}  # too long for the line: how many neighbours each side holds
        for other in near:
            if other in held:
                counts[held[other]] = counts.get(held[other], 0) + 1
        sides = ", ".join(f"{self.tr.term(side)} {n}" for side, n in counts.items())
        counted = " " + self.tr.text(
            plural("({n} neighbour: {sides})", "({n} neighbours: {sides})", "n", n=len(near), sides=sides) if sides
            else plural("({n} neighbour, held by nobody)", "({n} neighbours, held by nobody)", "n", n=len(near)))
        return counted if len(counted) <= room else ""

    def holders(self, state: State, role: str) -> dict[str, str]:
        """Who holds each space now (the game's `holders`), looked up once per position: a screen
        asks it for each choice and in each of its sizes."""
        at = (id(state), state.actions_played, len(state.log), role)
        if self._held_at != at:
            self._held_at, self._held = at, state.game.holders(state.view(role))
        return self._held

    def screen_rows(self) -> int:
        """The rows a screen may take: the terminal's; no limit for output to a file or a pipe,
        which nobody reads a screen at a time."""
        return self.console.height if self.console.is_terminal else 1_000_000

    def captured(self, show: Callable[[], None]) -> str:
        """What `show` prints, as the terminal would show it, not yet shown."""
        with self.console.capture() as capture:
            show()
        return capture.get()

    def log_since(self, state: State) -> list[str]:
        """The log lines since the person's last decision that they may see, each as printed."""
        viewer = self.log_viewer
        self.shown = len(state.log)
        return [self.captured(partial(
                    self.console.print, f"  [dim]·[/dim] {escape(self.tr.text(Message(entry.text, entry.args)))}"))
                for entry in state.log[self.log_from:] if entry.to is None or entry.to == viewer]

    @staticmethod
    def fewest_log_rows(lines: list[str]) -> int:
        """The rows of the log a screen always keeps: its last FEWEST_LOG_LINES lines, and the line
        saying how many came before (1989 from turn 5 on often showed none; issue 34)."""
        kept = lines[-FEWEST_LOG_LINES:]
        return sum(rows(line) for line in kept) + (1 if len(lines) > len(kept) else 0)

    def show_log_fitting(self, lines: list[str], room: int) -> None:
        """The log lines since the last screen, as many of the last ones as `room` rows hold and
        never fewer than FEWEST_LOG_LINES; a first line says how many were left out (`l` shows the
        whole log). Issue 34 item 4."""
        self.printed_rows = 0
        kept: list[str] = []
        used = 0
        for line in reversed(lines):
            fits = used + rows(line) <= room - (1 if len(kept) < len(lines) - 1 else 0)
            if not fits and len(kept) >= FEWEST_LOG_LINES:
                break
            kept.append(line)
            used += rows(line)
        left_out = len(lines) - len(kept)
        if left_out:
            more = self.tr.text(plural("({n} earlier line: l shows the whole log)", "({n} earlier lines: l shows the whole log)",
                                  "n", n=left_out))
            self.console.print(f"  [dim]{escape(more)}[/dim]")
        self.console.file.write("".join(reversed(kept)))

    def print_choices(self, state: State, choices: list[tuple[int, str]], compact: bool = False,
                      terse: bool = False) -> None:
        """The numbered choices; a long list whose labels name their group first ("Poland: Gdańsk
        ...") is printed group by group under a heading, in as many columns as the screen holds.
        `terse`: a list longer than a few in paragraphs, one a group, a grouped choice by its name
        alone (1989's thirteen Hungarian spaces one a row left the log no room; closing check of
        issue 34)."""
        terse = terse and len(choices) > TERSE_LIST
        groups = group_labels(choices, self.tr(_("Other"))) if len(choices) > LONG_LIST or terse else None
        if groups is None and terse:  # (a card's long label may break inside: a row less for the log)
            named = " · ".join(f"[cyan]{i}[/cyan] {escape(label)}" for i, label in choices)  # (a card's Ops stay)
            self.console.print(f"  {named}")
            return
        if groups is None:
            for i, label in choices:
                self.console.print(f"  [cyan]{i:>3}[/cyan] {escape(label) if compact else self.with_short(state, label)}")
            return
        if compact or terse:  # a paragraph a group, each choice by its name alone (m N says the rest)
            for heading, items in groups:
                self.print_group(heading, [(str(i), rest.split(" (")[0]) for i, rest in items])
            return
        width = max(len(rest) for _, items in groups for _, rest in items) + 6
        columns = max(1, (self.console.width - 2) // width)
        for heading, items in groups:
            self.console.print(f"  [bold]{escape(heading)}[/bold]")
            cells = [f"[cyan]{i:>3}[/cyan] {escape(rest)}" for i, rest in items]
            for row in range(0, len(cells), columns):
                line = "".join(cell + " " * (width - 4 - len(items[row + k][1]))
                               for k, cell in enumerate(cells[row:row + columns]))
                self.console.print("  " + line.rstrip())

    def print_group(self, heading: str, items: list[tuple[str, str]]) -> None:
        """A group's heading in bold, then its numbered names, " · " between them, in rows of the
        screen's width that break between two names, never inside one (1989's "15 Καθολική /
        Εκκλησία" read as two choices); a row after the first is indented."""
        width, sep = self.console.width - 1, " · "
        rows: list[tuple[int, str]] = []  # (columns, markup)
        for number, name in items:
            cell, size = f"[cyan]{number}[/cyan] {escape(name)}", len(number) + 1 + len(name)
            if rows and rows[-1][0] + len(sep) + size <= width:
                rows[-1] = (rows[-1][0] + len(sep) + size, rows[-1][1] + sep + cell)
            elif rows:
                rows.append((4 + size, "    " + cell))
            else:
                rows.append((len(heading) + 4 + size, f"  [bold]{escape(heading)}[/bold]: {cell}"))
        for _columns, row in rows:
            self.console.print(row)

    def new_turn(self, state: State, role: str) -> bool:
        """Whether the board should be drawn again before this prompt: first prompt, somebody else
        (a bot, a Non-Player) acted since, an undo went back past the last drawing, or the person is
        back at the decision that opened their last turn (an automaton moved inside the game, as the
        Dual Powers Opposition does)."""
        if self.board_at is None:
            return True
        history = state.history
        actions, _, opening = self.board_at
        if len(history) < actions or (history and history[-1][0] != role):
            return True
        return len(history) > actions and state.prompt(role).text == opening

    def answer(self, state: State, role: str, actions: list[Action], choices: list[tuple[int, Action, str]],
               answer: str) -> Action | None:
        """The action an answer picks, or None after showing what was asked for (or why not)."""
        labels = [label for _number, _action, label in choices]
        if answer in ("q", "quit", "exit"):
            raise Quit
        if answer in ("h", "help", "?"):
            self.console.print(escape(self.tr(self.help)))
            person = self.tr(_("human"))
            seated = ", ".join(f"{self.name(state, seat)} = {person if who == 'human' else who}"
                               for seat, who in self.seats.items())
            self.console.print(escape(self.tr(_("Seats: {seats}"), seats=seated)))
        elif answer in ("l", "log"):
            self.show_log(state, 0, role)
        elif answer in ("b", "board"):
            self.show_board(state, role, full=True)  # the whole board, where the usual one is a summary
            if state.game.neighbours():
                self.show_map(state, role, "")
        elif answer in ("u", "undo"):
            if Action("undo") in actions:
                return Action("undo")
            nothing = self.tr(_("Nothing to undo here (undo stops where cards were revealed or dice rolled)."))
            self.console.print(f"[yellow]{escape(nothing)}[/yellow]")
        elif answer == "t":
            self.show_hint(state, role, choices)
        elif answer in ("m", "map") or answer.startswith(("m ", "map ")):
            self.show_map(state, role, answer.partition(" ")[2], choices)
        elif answer == "card" or answer.startswith(("c ", "card ")):
            self.show_cards(state, role, labels, answer.partition(" ")[2])
        elif answer.isascii() and answer.isdigit() and len(answer) <= LONGEST_CHOICE and \
                any(number == int(answer) for number, _action, _label in choices):
            return next(action for number, action, _label in choices if number == int(answer))
        elif len(answer) >= 2 and not answer.isdigit():
            return self.by_name(choices, answer)
        else:
            self.please(choices)
        return None

    def show_hint(self, state: State, role: str, choices: list[tuple[int, Action, str]]) -> None:
        """`t`: the bot's top three choices with its estimate of the chance of winning after each,
        searched from this seat's information only (`agon.bots.analysis.hint`)."""
        if self.hints is None:
            off = self.tr(_("Tips are off in this game."))
            self.console.print(f"[yellow]{escape(off)}[/yellow]")
            return
        numbers = {action: number for number, action, _label in choices}
        self.console.print(escape(self.tr(_("The bot's top choices (its estimate of your chance of winning after each):"))))
        for tip in hint(state, role, self.hints, len(state.history)):
            action = Action(tip["verb"], freeze(tip["arg"]))
            chance = "" if tip["chance"] is None else f"  {tip['chance']:.0%}"
            label = self.tr.text(from_json(tip["message"]))
            self.console.print(f"  [cyan]{numbers.get(action, '?'):>3}[/cyan] {escape(label)}{chance}")

    def please(self, choices: list[tuple[int, Action, str]]) -> None:
        numbers = sorted(number for number, _action, _label in choices)
        if numbers == list(range(1, len(numbers) + 1)):
            please = self.tr(_("Please type a number from 1 to {n}"), n=len(numbers))
        else:  # stable numbers leave gaps: "from 1 to 2" read wrong when 2 was the only choice
            please = self.tr(_("Please type one of the numbers shown: {numbers}"), numbers=spans(numbers))
        self.console.print(f"[red]{escape(please)}[/red] ({escape(self.tr(self.help))})")

    def by_name(self, choices: list[tuple[int, Action, str]], typed: str) -> Action | None:
        """The one choice whose label (or the label after its group, "Poland: Gdańsk") starts with
        what was typed (accents aside); a choice named exactly so wins over those that start so
        (`sofia`: Sofia, not Sofia University); several: one line names them, to pick by number."""
        typed = folded(typed)

        def names(label: str) -> list[str]:
            return [folded(part) for part in (label, label.partition(": ")[2]) if part]

        found = [(number, action, label) for number, action, label in choices
                 if any(name.startswith(typed) for name in names(label))]
        exact = [(number, action, label) for number, action, label in found
                 if any(name.split(" (")[0] == typed for name in names(label))]
        if len(exact) == 1:
            return exact[0][1]
        if len(found) == 1:
            return found[0][1]
        if not found:
            self.please(choices)
            return None
        listed = " · ".join(f"{number} {label.split(' (')[0]}" for number, _action, label in found)
        several = self.tr(_("Several choices start with \"{typed}\": {choices}; type the number of one."),
                          typed=typed, choices=listed)
        self.console.print(f"[yellow]{escape(several)}[/yellow]")
        return None

    # -- the map (issue 34 item 1) -----------------------------------------------------------------

    def show_map(self, state: State, role: str, wanted: str, choices: list[tuple[int, Action, str]] | None = None) -> None:
        """`m`: every space and its neighbours; `m NAME`: the spaces whose name (in this language or
        in English, accents aside) starts so, each neighbour with its connection and who holds it;
        `m N`: the spaces choice N names."""
        links = state.game.neighbours()
        if not links:
            none = self.tr(_("{game} has no map."), game=state.game.title)
            self.console.print(f"[yellow]{escape(none)}[/yellow]")
            return
        facts = state.game.map_facts(state.view(role))

        def fact(space: str) -> str:
            return self.tr.text(facts[space]) if space in facts else ""

        wanted = folded(wanted.strip())
        if not wanted:
            heading = self.tr(_("Map: each space, then its neighbours (m NAME: one space, and who holds its neighbours)"))
            self.console.print(f"[bold]{escape(heading)}[/bold]")
            for space, near in links.items():
                names = " · ".join(self.tr.term(other) + (f" ({self.tr.term(link)})" if link else "") for other, link in near)
                self.console.print(f"  [bold]{escape(self.tr.term(space))}[/bold]: {escape(names)}")
            return
        label = next((label for number, _action, label in choices or [] if str(number) == wanted), None)
        if label is not None:
            found = [space for space in links if self.tr.term(space) in label or space in label]
        else:
            found = [space for space in links
                     if any(folded(name).startswith(wanted) for name in (self.tr.term(space), space))]
        if not found and label is None:
            found = [space for space in links if any(wanted in folded(name) for name in (self.tr.term(space), space))]
        if not found:
            none = self.tr(_("No space is called \"{typed}\" (nor named by a choice of that number); m alone lists "
                             "them all."), typed=wanted)
            self.console.print(f"[yellow]{escape(none)}[/yellow]")
        for space in found:
            self.console.print(f"[bold]{escape(self.tr.term(space))}[/bold]: {escape(fact(space))}")
            for other, link in links[space]:
                via = f" ({self.tr.term(link)})" if link else ""
                self.console.print(f"  → [bold]{escape(self.tr.term(other))}[/bold]{escape(via)}: {escape(fact(other))}")

    def show_cards(self, state: State, role: str, labels: list[str], wanted: str) -> None:
        if not self.catalogue(state):
            none = self.tr(_("{game} has no cards to read."), game=state.game.title)
            self.console.print(f"[yellow]{escape(none)}[/yellow]")
            return
        if wanted.strip():
            try:
                self.console.print(card_text(find_card(state.game, wanted.strip().lstrip("#"), self.catalogue(state))))
            except ValueError as err:
                self.console.print(f"[yellow]{escape(str(err))}[/yellow]")
            return
        shown = plain(state.game.render(state.view(role), role, tr=self.tr)) + "\n" + "\n".join(labels)
        cards = self.cards_in(state, shown)
        for card in cards:
            self.console.print(card_text(card))
        if not cards:
            hint = self.tr(_("No card on screen now; type c and a card's number or name."))
            self.console.print(f"[yellow]{escape(hint)}[/yellow]")

    def name(self, state: State, role: str) -> str:
        """A role as a person calls it, in this language."""
        return self.tr.term(state.game.role_name(role))


def _short_for(card: Card, label: str, tr: Translator = ENGLISH) -> str:
    """The short text of the side of `card` that `label` names ("(shaded)", or its words in the
    screen's language: Greek showed both sides under each of the two Event choices)."""
    sides = card.get("sides")
    if isinstance(sides, dict):
        for side, words in sides.items():
            if (f"({side})" in label or f"({tr.term(side)})" in label) and isinstance(words, dict):
                return str(words["short"])
    return str(card["short"])


def folded(text: str) -> str:
    """Text to compare names by: lower case, accents and other marks left out (Gdańsk, gdansk)."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(ch))


def plain(markup: str) -> str:
    """Rich markup to plain text (to find card names in a rendered board)."""
    return Text.from_markup(markup).plain


def show_result(console: Console, state: State, tr: Translator = ENGLISH) -> None:
    verdict = state.verdict

    def name(role: str) -> str:
        return tr.term(state.game.role_name(role))

    winners = ", ".join(name(r) for r in (verdict.winners if verdict else ())) or tr(_("nobody"))
    scores = verdict.scores if verdict else {}
    detail = tr(_("Scores: {scores}"), scores=", ".join(f"{name(r)} {s}" for r, s in scores.items())) if scores else ""
    reason_text = tr.term(verdict.reason) if verdict else ""
    winner_line = tr(_("Winner: {winners}"), winners=winners)
    console.print(Panel(f"[bold]{escape(winner_line)}[/bold]\n{escape(detail)}\n{escape(reason_text)}",
                        title=tr(_("Game over"))))


LONG_LIST = 16  # more choices than this are grouped when their labels name a group
TERSE_LIST = 6  # more choices than this are named in paragraphs on a screen with no room for the log
FEWEST_LOG_ROWS = 4  # a screen whose board and prompt leave fewer rows for the log is drawn compact
FEWEST_LOG_LINES = 3  # the last lines of the log every screen shows, however tall its board (issue 34)
SHRINKING: tuple[dict[str, bool], ...] = ({}, {"compact": True}, {"compact": True, "terse": True},
                                          {"compact": True, "terse": True, "bare": True})


def rows(printed: str) -> int:
    """How many terminal rows printed text takes (the console has wrapped it already)."""
    return printed.count("\n")


def group_labels(choices: list[tuple[int, str]], other: str = "Other") -> list[tuple[str, list[tuple[int, str]]]] | None:
    """[(group, [(number, label without the group), ...]), ...] when most labels read
    "Group: rest" and groups hold several each; None otherwise. Groups keep their order; labels
    without a group (Done, Pass) come last under the heading "Other"."""
    labels = [label for _number, label in choices]
    groups: dict[str, list[tuple[int, str]]] = {}
    others: list[tuple[int, str]] = []
    for number, label in choices:
        head, sep, rest = label.partition(": ")
        if sep and rest:
            groups.setdefault(head, []).append((number, rest))
        else:
            others.append((number, label))
    if len(others) > 2 or len(groups) * 3 > len(labels):
        return None
    return [*groups.items(), *([(other, others)] if others else [])]


def spans(numbers: list[int]) -> str:
    """Sorted numbers in short: [2, 4, 5, 6, 9] -> "2, 4-6, 9"."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)


class Numbering:
    """Choice numbers that stay put (issue 34 item 3). Each question of a role (1989's set-up "place
    an SP", four times, then four more after the other side's; Cuba Libre's "Sweep: choose a space"
    with "Move cubes" asked in between) keeps its numbers: an action keeps the number it had while
    it stays legal; a new action gets a number never used for that list, so a number typed late
    picks what it picked before or nothing. One question may ask for different lists in turn (Cuba
    Libre's Redeploy asks which cube, then where, in the same words): each list keeps its own
    numbers, found by the actions it shares; a list most of whose choices are new starts again at 1.
    A new action that reads like one gone from the list takes its number (1989's two Rally in the
    Square: the game offers the second only once the first is discarded; "1" twice discards both).
    Undo is no numbered choice: it is the key `u`."""

    KEPT = 8  # lists remembered per question (the oldest is forgotten)

    def __init__(self) -> None:
        # per question, its lists: (each action's number, the next number never used, each number's label)
        self.runs: dict[tuple[str, str], list[tuple[dict[Action, int], int, dict[int, str]]]] = {}

    def choices(self, state: State, role: str, question: str, actions: list[Action],
                labels: list[str]) -> list[tuple[int, Action, str]]:
        """[(number, action, label), ...] in the order of the numbers."""
        runs = self.runs.setdefault((role, question), [])
        shared = [sum(action in numbers for action in actions) for numbers, _following, _named in runs]
        # a tie goes to the list used last (the 1989 prompts share the text "{line}": Intelligentsia's
        # 6 spaces were numbered 1-6, then 26-71 from an older list holding them too, then 1-6...)
        best = max(range(len(runs)), key=lambda run: (shared[run], run), default=None)
        # a list mostly new starts again, unless it goes on from the list this question showed last (Cuba
        # Libre's Train: out of Troops, three "take a Troop from the map" came in and Done went from 3 to 5)
        going_on = best is not None and best == len(runs) - 1 and shared[best] > 0
        if best is None or (shared[best] * 2 < len(actions) and not going_on):
            runs.append(({}, 1, {}))
            del runs[:-self.KEPT]
            best = len(runs) - 1
        numbers, following, named = runs.pop(best)
        taken = {numbers[action] for action in actions if action in numbers}
        out: list[tuple[int, Action, str]] = []
        for action, label in zip(actions, labels, strict=True):
            if action.verb == "undo":
                continue
            if action not in numbers:
                twin = next((n for n, said in named.items() if said == label and n not in taken), None)
                if twin is None:
                    twin, following = following, following + 1
                numbers[action] = twin
                taken.add(twin)
            named[numbers[action]] = label
            out.append((numbers[action], action, label))
        runs.append((numbers, following, named))  # (the last used is the last forgotten)
        return sorted(out, key=lambda choice: choice[0])
