"""Playing in the terminal: the board, the log, the prompt with numbered choices."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel

from agon.engine import Action, State

HELP = "Type the number of a choice. b = board, l = whole log, u = undo, h = help, q = quit (saves with --save)."


class Quit(Exception):
    """The person asked to stop."""


class TerminalPlayer:
    """Answers prompts for the human seats, and shows what happens in between."""

    def __init__(self, console: Console, humans: list[str], input_fn: Any = None) -> None:
        self.console = console
        self.humans = humans
        self.input = input_fn or console.input
        self.shown = 0
        self.last_human: str | None = None

    def viewer(self, state: State) -> str | None:
        """Whose eyes the log is read with: the only human, or nobody's private lines in hot seat."""
        return self.humans[0] if len(self.humans) == 1 else None

    def show_new_log(self, state: State) -> None:
        entries = state.log
        viewer = self.viewer(state)
        for entry in entries[self.shown:]:
            if entry.to is None or entry.to == viewer:
                self.console.print(f"  [dim]·[/dim] {escape(entry.message())}")
        self.shown = len(entries)

    def show_board(self, state: State, role: str | None) -> None:
        view = state.view(role)
        self.console.print(Panel(state.game.render(view, role), title=f"{state.game.title} — {role or 'spectator'}"))

    def on_action(self, state: State, role: str, action: Action) -> None:
        if len(state.log) < self.shown:  # an undo took lines back
            self.shown = len(state.log)
        self.show_new_log(state)

    def hand_over(self, role: str) -> None:
        """Hot seat: clear the screen between two people so neither sees the other's hand."""
        self.console.clear()
        self.console.print(f"[bold]Pass the keyboard to {escape(role)}[/bold] and press Enter.")
        try:
            self.input("")
        except EOFError as err:
            raise Quit from err

    def choose(self, state: State, role: str) -> Action:
        if len(self.humans) > 1 and self.last_human not in (None, role):
            self.hand_over(role)
        self.last_human = role
        self.show_new_log(state)
        history = state.history
        if not history or history[-1][0] != role:
            self.show_board(state, role)  # a new turn; within one's own turn, `b` shows it again
        while True:
            prompt = state.prompt(role)
            message = prompt.message()
            asked = message if message.startswith(f"{role}:") else f"{role}: {message}"
            self.console.print(f"[bold]{escape(asked)}[/bold]  [dim](b board, l log, u undo, q quit)[/dim]")
            for i, label in enumerate(prompt.labels, 1):
                self.console.print(f"  [cyan]{i:>3}[/cyan] {escape(label)}")
            try:
                answer = self.input("> ").strip().lower()
            except EOFError as err:
                raise Quit from err
            if answer in ("q", "quit", "exit"):
                raise Quit
            if answer in ("h", "help", "?"):
                self.console.print(HELP)
                continue
            if answer in ("l", "log"):
                for entry in state.log:
                    if entry.to is None or entry.to == role:
                        self.console.print(f"  · {escape(entry.message())}")
                continue
            if answer in ("b", "board"):
                self.show_board(state, role)
                continue
            if answer in ("u", "undo"):
                if Action("undo") in prompt.actions:
                    return Action("undo")
                self.console.print("[yellow]Nothing to undo here (undo stops where cards were revealed or dice rolled).[/yellow]")
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(prompt.actions):
                return prompt.actions[int(answer) - 1]
            self.console.print(f"[red]Please type a number from 1 to {len(prompt.actions)}[/red] ({HELP})")


def show_result(console: Console, state: State) -> None:
    result = state.result or {}
    winners = ", ".join(result.get("winners", [])) or "nobody"
    scores = result.get("scores", {})
    detail = ", ".join(f"{r} {s}" for r, s in scores.items())
    reason = result.get("reason", "")
    console.print(Panel(f"Winner: [bold]{escape(winners)}[/bold]\n{escape(detail)}\n{escape(str(reason))}", title="Game over"))
