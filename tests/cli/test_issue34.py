"""Issue 34: the terminal for the big games. Each test names the item it checks (the issue's number)."""

from __future__ import annotations

import argparse
import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from agon.cli.main import main
from agon.engine import Action, load
from agon.testing import every_game, games_that
from tests.cli.test_newcomer import run

ROOT = Path(__file__).resolve().parents[2]



# -- item 5: a loaded game is not lost on quit -------------------------------------------------

def test_item_5_a_loaded_game_keeps_saving_to_its_file(monkeypatch, capsys, tmp_path):
    save = tmp_path / "game.json"
    argv = ["play", "dual-powers", "--seed", "4", "--seat", "red=human", "--seat", "white=random", "--save", str(save)]
    run(monkeypatch, capsys, argv, "1\nq\n")
    before = len(json.loads(save.read_text())["actions"])
    code, out = run(monkeypatch, capsys, ["play", "--load", str(save)], "1\nq\n")
    assert code == 0 and f"Saving to {save}" in out.replace("\n", "")
    assert len(json.loads(save.read_text())["actions"]) > before


# -- item 9: hot seat opens on a pass screen ---------------------------------------------------

def test_item_9_hot_seat_load_starts_with_a_pass_screen(monkeypatch, capsys, tmp_path):
    save = tmp_path / "game.json"
    argv = ["play", "dual-powers", "--players", "2", "--seed", "3", "--save", str(save)]
    run(monkeypatch, capsys, argv, "\n1\n\nq\n")
    code, out = run(monkeypatch, capsys, ["play", "--load", str(save)], "q\n")
    assert code == 0 and "Pass the keyboard to" in out and "Your Secret Objective" not in out
    assert "hand:" not in out.split("Pass the keyboard")[0]


# -- item 3: choice numbers stay put; undo is a key ---------------------------------------------

def _placed(out: str) -> list[str]:
    return [line.split(" SP in ")[1].strip() for line in out.splitlines() if "The Democrat places 1 SP in" in line]


def test_item_3_the_same_number_places_the_next_sp_in_the_same_space(monkeypatch, capsys):
    """1989 set-up: typing 29 three times placed the third SP elsewhere (the Communist's SPs in
    between took spaces off the list, and it renumbered)."""
    code, out = run(monkeypatch, capsys, ["play", "1989", "--seed", "2", "--seat", "democrat=human",
                                          "--seat", "communist=random"], "1\n29\n29\n29\nq\n")
    placed = _placed(out)
    assert code == 0 and len(placed) == 4 and placed[1] == placed[2] == placed[3], placed


def test_item_3_a_space_can_be_typed_by_name(monkeypatch, capsys):
    code, out = run(monkeypatch, capsys, ["play", "1989", "--seed", "2", "--seat", "democrat=human",
                                          "--seat", "communist=random"], "schwe\nq\n")
    assert code == 0 and _placed(out) == ["Schwerin."]


def test_item_3_undo_is_the_key_u_not_a_numbered_choice(monkeypatch, capsys):
    code, out = run(monkeypatch, capsys, ["play", "1989", "--seed", "2", "--seat", "democrat=human",
                                          "--seat", "communist=random"], "1\nu\nq\n")
    assert code == 0 and "Undo your last action" not in out
    asked = re.findall(r"place (\d) more", out)
    assert asked[0] == "3" and asked[-1] == "3" and "2" in asked  # placed one, then took it back


# -- item 6: `c N` reads the card numbered N on the screen ---------------------------------------

def test_item_6_dual_powers_choices_show_the_number_c_reads(monkeypatch, capsys):
    argv = ["play", "dual-powers", "--seed", "1", "--lang", "en", "--seat", "red=human", "--seat", "white=random"]
    code, out = run(monkeypatch, capsys, argv, "1\nq\n")
    number = re.search(r"Play Vladimir Lenin \(5 days\)(?: — |\s+)#(\d+) ", out)
    assert code == 0 and number, out[-2000:]
    code, out = run(monkeypatch, capsys, argv, f"1\nc {number.group(1)}\nq\n")
    assert re.search(rf"#{number.group(1)} Vladimir Lenin\n", out)


def test_item_6_intrigue_city_board_numbers_cards_as_c_does(monkeypatch, capsys):
    argv = ["play", "intrigue-city", "--seed", "1", "--seat", "p1=human", "--seat", "p2=random", "--seat", "p3=random"]
    code, out = run(monkeypatch, capsys, argv, "q\n")
    number = re.search(r"#(\d+) +Web of Treachery", out)
    assert code == 0 and number
    code, out = run(monkeypatch, capsys, argv, f"c {number.group(1)}\nq\n")
    assert f"#{number.group(1)} Web of Treachery\nRemove" in out or re.search(rf"#{number.group(1)} Web of Treachery\n", out)


# -- item 8: a plain `agon play GAME` seats the game's automata or its best quick bot -------------

@pytest.mark.parametrize(("game", "seats"), [
    ("cuba-libre", ["Government (govt) = human", "26July (m26) = nonplayer", "Directorio (dr) = nonplayer",
                    "Syndicate (syndicate) = nonplayer"]),
    ("dual-powers", ["Petrograd Soviet (Red) = human", "Provisional Government (White) = opposition"]),
    ("1989", ["Democrat (democrat) = human", "Communist (communist) = ismcts:iterations=1350"]),
])
def test_item_8_plain_play_seats_the_automata_and_says_who_plays(game, seats, monkeypatch, capsys):
    code, out = run(monkeypatch, capsys, ["play", game, "--seed", "1"], "h\nq\n")
    heading, rest = out.split("\n  ", 1)  # (wrapped between words at 80 columns; log lines start indented)
    heading = " ".join(heading.split())
    assert code == 0 and all(seat in heading for seat in seats), heading
    assert "random" not in heading and "Seats: " in rest


# -- item 11: one version; help lists the options and the keys; the rules agree with README ------

def test_item_11_version_is_the_installed_package_not_the_record_format(capsys):
    from importlib.metadata import version

    from agon.engine import ENGINE_VERSION

    with pytest.raises(SystemExit):
        main(["--version"])
    shown = capsys.readouterr().out.strip()
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert shown == f"agon {version('agon')}" and f'version = "{version("agon")}"' in pyproject
    assert ENGINE_VERSION  # the record format keeps its own number


@pytest.mark.parametrize("command", ["play", "serve", "bench", "fuzz"])
def test_item_11_every_option_of_a_command_has_help(command):
    from agon.cli.main import build_parser

    parser = build_parser()
    sub = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    for action in sub.choices[command]._actions:
        assert action.help, f"{command} {action.option_strings or action.dest} has no help"


def test_item_11_play_help_lists_the_keys(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    assert all(key in out for key in ("c N", "u ", "b ", "q, Ctrl-C", "--load"))


def test_item_11_cuba_libre_rules_and_readme_agree_on_seat_govt_human():
    readme = (ROOT / "README.md").read_text()
    assert "agon play cuba-libre --players 1 --seat govt=human" in readme
    for path in (ROOT / "agon" / "rules").glob("cuba-libre*.md"):
        text = path.read_text()
        assert "alone does not change" not in text and "--seat govt=human" in text, path


# -- item 2: every Cuba Libre log line sits under the card that caused it -------------------------

@pytest.mark.parametrize("seed", [3, 4])
def test_item_2_a_card_header_is_the_last_line_of_the_action_that_reached_it(seed):
    """An Air Strike's removals, Election's shift, the Reset's flips were logged after the next
    card's header (the action's changes were described after the flow had moved on)."""
    import agon
    from agon.match import play_match

    state = agon.load("cuba-libre").new(seed, players=0)
    after: list[list[str]] = []
    last = [len(state.log)]  # (the first card's header is the set-up's)

    def on_action(state: agon.State, role: str, action: agon.Action) -> None:
        after.append([entry.text for entry in state.log[last[0]:]])
        last[0] = len(state.log)

    play_match("cuba-libre", dict.fromkeys(("govt", "m26", "dr", "syndicate"), "nonplayer"), seed,
               on_action=on_action, state=state, players=0)
    headers = 0
    for lines in after:
        under_next = False  # past the header of a card nobody has acted on yet
        for text in lines:
            if text == "Card {card}: {title}.":  # (a card nobody may act on is followed by the next one)
                headers += 1
                under_next = True
            elif text == "Propaganda card {n} of 4.":  # its round runs by itself, under its own header
                under_next = False
            assert not under_next or text == "Card {card}: {title}.", lines
    assert headers > 3


# -- item 1: a map in the terminal ---------------------------------------------------------------

def test_item_1_m_shows_a_district_its_connections_and_strengths(monkeypatch, capsys):
    argv = ["play", "dual-powers", "--seed", "1", "--seat", "red=human", "--seat", "white=random"]
    code, out = run(monkeypatch, capsys, argv, "m vyb\nq\n")
    assert code == 0 and "→ Petrograd Side (Sampsonievsky Bridge): strength Red 3, White 0" in out
    assert "→ Liteyny (Liteyny Bridge)" in out


def test_item_1_m_takes_a_name_prefix_in_the_screens_language_accents_aside(monkeypatch, capsys):
    argv = ["play", "1989", "--seed", "1", "--seat", "democrat=human", "--seat", "communist=random", "--lang", "el"]
    code, out = run(monkeypatch, capsys, argv, "m gdan\nq\n")
    assert code == 0 and "→ " in out and "Δ 0 / Κ" in out  # Gdańsk's neighbours, with their SPs, in Greek


def test_item_1_m_n_shows_the_space_a_choice_names_and_b_draws_the_map(monkeypatch, capsys):
    argv = ["play", "cuba-libre", "--seed", "1", "--players", "4", "--seat", "govt=human"] + \
        [f"--seat={role}=random" for role in ("m26", "dr", "syndicate")]
    code, out = run(monkeypatch, capsys, argv, "b\nq\n")
    assert code == 0 and "Map: each space" in out and "\n  Havana: La Habana" in out
    argv = ["play", "1989", "--seed", "1", "--seat", "democrat=human", "--seat", "communist=random"]
    code, out = run(monkeypatch, capsys, argv, "m 1\nq\n")  # choice 1: an SP in Schwerin
    assert code == 0 and "Schwerin: Worker, stab 3; D 0 / C 0; no control\n  → Rostock: " in out


@pytest.mark.parametrize("game", games_that(lambda game: game.neighbours()))  # the games with a map
def test_item_1_every_map_game_has_symmetric_neighbours_from_its_data(game):
    import agon

    links = agon.load(game).neighbours()
    assert links
    for space, near in links.items():
        for other, link in near:
            assert (space, link) in links[other], (space, other)


def test_item_1_a_game_without_a_map_says_so_and_the_terminal_names_no_game(monkeypatch, capsys):
    argv = ["play", "intrigue-city", "--seed", "1", "--seat", "p1=human", "--seat", "p2=random", "--seat", "p3=random"]
    code, out = run(monkeypatch, capsys, argv, "m\nq\n")
    assert code == 0 and "Intrigue City has no map." in out
    terminal = (ROOT / "agon" / "cli" / "terminal.py").read_text()
    assert not any(f'"{game}"' in terminal for game in every_game())


def test_item_1_the_keys_line_offers_m_only_in_a_game_with_a_map(monkeypatch, capsys):
    argv = ["play", "intrigue-city", "--seed", "1", "--seat", "p1=human", "--seat", "p2=random", "--seat", "p3=random"]
    code, out = run(monkeypatch, capsys, argv, "q\n")
    assert code == 0 and "(b board, l log, c N card #N" in out and "m map" not in out
    argv = ["play", "dual-powers", "--seed", "1", "--seat", "red=human", "--seat", "white=random"]
    code, out = run(monkeypatch, capsys, argv, "q\n")
    assert code == 0 and "m map" in out


# -- item 4: every screen fits 80x50 -----------------------------------------------------------------

SCREEN_GAMES = {
    "dual-powers-solo": ["dual-powers", "--players", "1", "--side", "red", "--difficulty", "3"],
    "dual-powers": ["dual-powers", "--seat", "red=human", "--seat", "white=random"],
    "1989": ["1989", "--seat", "democrat=human", "--seat", "communist=random"],
    "intrigue-city": ["intrigue-city", "--seat", "p1=human", "--seat", "p2=random", "--seat", "p3=random"],
    "cuba-libre": ["cuba-libre", "--players", "1", "--seat", "govt=human"],
}
for _game in every_game():  # every other declared game: a person in the first seat, random bots in the others
    if _game not in SCREEN_GAMES:
        _first, *_others = load(_game).roles()
        SCREEN_GAMES[_game] = [_game, "--seat", f"{_first}=human", *(f"--seat={role}=random" for role in _others)]


class _LowestShown:
    """stdin for a whole game: each answer is the lowest choice number on the screen."""

    def __init__(self, shown: list[tuple[int, Action, str]]) -> None:
        self.shown = shown
        self.answers = 0

    def readline(self) -> str:
        self.answers += 1
        return "q\n" if self.answers > 2000 or not self.shown else f"{self.shown[0][0]}\n"


def _whole_game(name: str) -> list[str]:
    """Every screen (what is printed between two prompts) of a whole seeded game of `name` at
    80x50, the person answering the lowest number shown, to the end of the game."""
    from contextlib import redirect_stdout

    from agon.cli.terminal import Numbering, TerminalPlayer

    shown: list[tuple[int, Action, str]] = []
    numbered = Numbering.choices

    def choices(self, *args, **kwargs):
        shown[:] = numbered(self, *args, **kwargs)
        return shown

    game, *flags = SCREEN_GAMES[name]
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("COLUMNS", "80")
        patch.setattr(TerminalPlayer, "screen_rows", lambda self: 50)  # 50 rows (a pipe here)
        patch.setattr(Numbering, "choices", choices)
        patch.setattr("sys.stdin", _LowestShown(shown))
        with redirect_stdout(io.StringIO()) as out:
            code = main(["play", game, "--seed", "3", *flags])
    assert code == 0 and "Game over" in out.getvalue(), name
    return re.split(r"(?m)^> ", out.getvalue())[:-1]


@pytest.mark.parametrize("name", list(SCREEN_GAMES))
def test_item_4_every_screen_of_a_whole_seeded_game_fits_80_by_50_with_the_last_lines_of_the_log(name):
    """What is printed between two prompts (the log since, the board, the question, the choices)
    fits 50 rows of 80 columns, so the score and the day stay on screen (1989's set-up was 103),
    to the end of the game: 1989's turns 9 and 10 were 53-54 rows (the discard pile, "In force"
    and the hand took 3 rows each). And from turn 5 on, 1989's log often got no row at all ("(7
    earlier lines: l shows the whole log)" and none of them): a screen keeps at least the last 3
    lines of what happened since the person's last decision (all of them when fewer). One test
    per title plays its game once: 1989's 470 screens, each measured in up to five sizes, take
    about 7 s of CPU (the others 1 s or less): no shorter game reaches turns 9 and 10."""
    screens = _whole_game(name)
    assert len(screens) >= 3  # (a whole game: _whole_game saw "Game over"; a tiny one has a few screens)
    tallest = max(screen.count("\n") + 1 for screen in screens)
    assert tallest <= 50, tallest
    for screen in screens:
        log = screen.split("╭", 1)[0]
        if "earlier line" in log:
            assert log.split("earlier line", 1)[1].count("\n  · ") >= 3, screen


# -- item 7: outcomes the logs left out ----------------------------------------------------------------

def _public_log(game: str, seats: dict[str, str], seed: int, **options) -> list[str]:
    from agon.engine import ENGLISH, Text
    from agon.match import play_match

    state = play_match(game, seats, seed, **options)
    return [ENGLISH.text(Text(entry.text, entry.args)) for entry in state.log if entry.to is None]


def test_item_7_a_1989_check_that_ties_or_falls_short_says_nothing_changes():
    log = _public_log("1989", {"democrat": "random", "communist": "random"}, 5)
    checks = [i for i, line in enumerate(log) if "support check in" in line]
    assert checks
    for i in checks:
        total, threshold = (int(n) for n in re.findall(r"= (-?\d+) against (\d+)", log[i].replace("\n", " "))[0])
        if total <= threshold:
            assert log[i + 1].startswith("The check fails"), log[i:i + 2]


def test_item_7_dual_powers_scoring_says_each_sides_strength_and_solo_draws_say_the_hidden_objective():
    log = _public_log("dual-powers", {"red": "random", "white": "random"}, 5)
    for i, line in enumerate(log):
        if line.startswith("Nobody has the greater strength") or ("gains" in line and "(objective" in line):
            assert log[i - 1].startswith("Strength in "), log[i - 1:i + 1]
    solo = _public_log("dual-powers", {"red": "random"}, 5, players=1, side="red", difficulty=3)
    begins = sum(line.startswith("Round ") and "begins" in line for line in solo)
    assert sum("Secret Objective is drawn face down" in line for line in solo) == begins > 0


def test_item_7_intrigue_city_final_score_has_its_parts_and_a_round_nobody_scores_says_so():
    log = _public_log("intrigue-city", {"p1": "random", "p2": "random", "p3": "random"}, 5)
    assert sum("VP: Grand Schemer" in line for line in log) == 3
    nobody = [_public_log("intrigue-city", {"p1": "random", "p2": "random", "p3": "random"}, seed)
              for seed in range(1, 4)]
    assert any(line.startswith("Nobody takes an Equilibrium card") for log in nobody for line in log)


# -- item 10: words -------------------------------------------------------------------------------------

def test_item_10_greek_keeps_log_and_calendar_apart_and_seat_lines_are_translated(monkeypatch, capsys):
    from agon.i18n import translator

    greek = translator("el", "dual-powers")
    assert greek("Log") != greek("Calendar (day)").split()[0]
    code, out = run(monkeypatch, capsys, ["play", "dual-powers", "--seed", "1", "--lang", "el"], "q\n")
    assert code == 0 and "human" not in out.splitlines()[0]


def test_item_10_hungarian_has_no_a_z_forms_nor_a_third_person_option():
    for path in [ROOT / "agon" / "i18n" / "locale" / "hu.po", *(ROOT / "agon" / "games").glob("*/locale/hu.po")]:
        text = path.read_text()
        assert "a(z)" not in text and "A(z)" not in text and "Nem emeli a tétet" not in text, path


def test_item_10_english_counts_sps_without_s_in_brackets(monkeypatch, capsys):
    argv = ["play", "1989", "--seed", "1", "--seat", "democrat=human", "--seat", "communist=random"]
    code, out = run(monkeypatch, capsys, argv, "1\n1\n1\nq\n")
    assert code == 0 and "place 1 more SP in" in out and "SP(s)" not in out.split("Turn 1")[0]


def test_item_7_1989_deutsche_marks_with_nothing_to_give_says_so():
    """The Democrat holds only scoring cards: the event did nothing and the log said nothing."""
    from agon.engine import ENGLISH, Text
    from agon.games.dawn_of_freedom.data import C, D
    from tests.games.dawn_of_freedom.helpers import new_game, play, set_hand

    g = new_game()
    set_hand(g, D, [22])  # a scoring card: never given
    set_hand(g, C, [20])
    before = len(g.log)
    play(g, C, 20, "event")
    lines = [ENGLISH.text(Text(entry.text, entry.args)) for entry in g.log[before:] if entry.to is None]
    assert "Deutsche Marks: the Democrat has no card to give; nothing happens." in lines, lines


CUBA_SEATS = dict.fromkeys(("govt", "m26", "dr", "syndicate"), "random")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_item_7_cuba_libre_subvert_names_its_space_and_a_failed_attack_says_why(seed):
    log = _public_log("cuba-libre", CUBA_SEATS, seed, players=4)
    assert sum(line == "Directorio adds Subvert." for line in log) == sum(line.startswith("Subvert in ") for line in log)
    failed = 0
    for i, line in enumerate(log):
        attack = re.match(r"\w+ Attacks in (.+): roll (\d) against (\d+) Guerrillas?\.", line)
        if attack and int(attack.group(2)) > int(attack.group(3)) and not log[i + 1].startswith("26July rolls again"):
            failed += 1
            assert log[i + 1] == (f"The Attack in {attack.group(1)} fails: {attack.group(2)} is more than "
                                  f"{attack.group(3)} Guerrilla{'s' if attack.group(3) != '1' else ''}."), log[i:i + 2]
    assert failed or seed == 2


@pytest.mark.parametrize(("seed", "embargo"), [(13, False), (20, True)])
def test_item_7_cuba_libre_guantanamo_momentum_says_when_it_takes_effect(seed, embargo):
    log = _public_log("cuba-libre", CUBA_SEATS, seed, players=4)
    said = [line for line in log if line.startswith("Guantánamo Bay (Momentum): this Air Strike removes up to 2")]
    assert said and any(line.endswith("even under the Embargo.") == embargo for line in said)


def test_item_7_intrigue_city_hidden_votes_say_their_era():
    log = _public_log("intrigue-city", {"p1": "random", "p2": "random", "p3": "random"}, 5)
    reveals = [line for line in log if "hidden vote" in line]
    assert reveals and all(" of Change of Era III: " in line or " of Change of Era IV: " in line for line in reveals)
    assert any("Era III:" in line for line in reveals) and any("Era IV:" in line for line in reveals)


def test_item_10_no_game_message_counts_with_s_in_brackets_nor_says_a_before_a_vowel():
    """ "card(s)", "SP(s)", "1 spaces", "a Elite": each count agrees with its number (a gettext plural)."""
    from agon.i18n.extract import folder, read

    for domain in games_that(lambda game: game.languages()):  # the games with catalogues
        for message in read(folder(domain) / "messages.pot"):
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            assert not any("(s)" in i or re.search(r"\ba (?!Active\))[AEIOU]", i) for i in ids), (domain, ids)
            if isinstance(message.id, tuple):
                assert message.id[0] != message.id[1] or "{n} Police" in message.id[0], (domain, message.id)
            else:
                assert not re.search(r"\(\{n\} spaces", message.id), (domain, message.id)


def test_item_10_counts_of_one_read_in_the_singular():
    from agon.engine import ENGLISH, Action
    from agon.engine.text import as_text
    from agon.games.cuba_libre.text import label

    assert ENGLISH.text(as_text(label(None, Action("rally", 1)))) == "Rally: place 1 Guerrilla"
    log = _public_log("1989", {"democrat": "random", "communist": "random"}, 5)
    assert not any("(s)" in line for line in log)
    assert any(re.search(r"\b1 card\.", line) for line in log) or any(re.search(r"\b1 SP\b", line) for line in log)


def test_item_10_the_save_message_is_wrapped_at_80_columns(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(tmp_path)  # a path of the same length on every run (pytest-999 or pytest-1005)
    argv = ["play", "dual-powers", "--seed", "4", "--seat", "red=human", "--seat", "white=random", "--save", "game.json"]
    code, out = run(monkeypatch, capsys, argv, "1\nq\n")
    tail = out[out.index("Record saved to"):]
    assert code == 0 and "keep it to yourself" in " ".join(tail.split())
    assert max(len(line) for line in tail.splitlines()) <= 80, tail


# the singular address: present and subjunctive (-εις, -άς), imperatives (-ε, -α), past (-ες), pronouns
_GREEK_INFORMAL = re.compile(
    r"(?<![\wάέήίόύώϊϋΐΰ'])(σου|σού|Σου|εσύ|Εσύ|εσένα|[Δδ]ιάλεξε|Στόχευσε|Προχώρησε|[Μμ]πορείς|[Έέ]χεις|[Ββ]άλε|"
    r"δέχεσαι|θέλεις|κάνεις|[Ππ]άρε|[Ππ]αίξε|[Ξξ]αναπαίξε|παίξ'|[Ππ]αίζεις|παίξεις|κρατάς|[Κκ]ράτα|[Ττ]ραβάς|"
    r"[Αα]φαιρείς|Αφαίρεσε|[Ββ]άζεις|[Δδ]ιατηρείς|ελέγχεις|κατέχεις|Τοποθέτησε|Ονόμασε|[Άά]νοιξε|"
    r"Απάντησε|απαντάς|[Αα]πόρριψε|[Αα]νέβασε|αρνήσου|δώσε|δείξε|δήλωσε|[Δδ]ες|έδειξες|τράβηξες|χάνεις|"
    r"[Ππ]έτα|Χρησιμοποίησε|χρησιμοποιείς|χρησιμοποιήσεις|ονομάσεις|ανοίγεις|ακυρώνεις|ανεβάζεις|παίρνεις|"
    r"παραδίδεις|πάρεις|τραβήξεις|απορρίψεις|ανεβάσεις|τελειώσεις|εκτελέσεις)"
    r"(?![\wάέήίόύώϊϋΐΰ])")


@pytest.mark.parametrize("domain", ["interface", *games_that(lambda game: "el" in game.languages())])
def test_item_10_greek_uses_the_formal_address_of_the_interface(domain):
    """The interface says «διαλέξτε», «σας»; Dual Powers and Intrigue City said «διάλεξε», «σου» (moved to the
    formal plural), and 1989 still did in its prompts, option labels and card texts («διάλεξε μια κάρτα για να
    παίξεις», «Το χέρι σου», «Ο Κομμουνιστής σού δείχνει»)."""
    from agon.i18n.extract import folder, read

    messages = list(read(folder(domain) / "el.po", "el"))
    assert messages
    for message in messages:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert not any(_GREEK_INFORMAL.search(s) for s in strings), (domain, message.id, strings)


def test_item_10_hungarian_option_labels_are_not_in_the_third_person():
    """Hungarian addresses the player formally, as the web page does («válasszon», «az Ön keze»); an option
    label is a noun phrase («A tét emelése», «Elutasítás»), never a third-person sentence that reads as if
    someone else chose: 1989 said «Nem kéri», «Megtartja a hatalmat», «Átadja a hatalmat»."""
    from agon.i18n import translator

    hungarian = translator("hu", "1989")
    labels = ["Do not take it", "Take an 8th action round", "Do not raise the stakes",
              "Raise the stakes (discard 3 cards)", "Keep power (score {vp} VP for power)",
              "Give up power (no VP for power)"]
    third_person = re.compile(r"^(Nem )?([Kk]éri|[Ee]meli|[Mm]egtartja|[Áá]tadja)\b")
    for label in labels:
        assert hungarian.has(label) and not third_person.search(hungarian.gettext(label)), label


def test_item_1_the_set_up_choices_show_the_neighbours_facts_on_screen(monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "80")
    code, out = run(monkeypatch, capsys, ["play", "1989", "--seed", "1", "--seat", "democrat=human",
                                          "--seat", "communist=random"], "q\n")
    assert code == 0 and re.search(r"\((borders: |\d+ neighbours)", out)
    assert max(len(line) for line in out.splitlines() if "borders" in line or "neighbour" in line) <= 80


def test_item_10_the_web_page_counts_with_plurals_not_s_in_brackets():
    """The boards' "marker(s)", "card(s)", "cube(s)" (issue 34 item 10, the web page's share): each is a
    plural message `tn(one, other, ...)` that the extractor collects with both forms."""
    from agon.i18n.extract import INTERFACE, folder, read

    messages = list(read(folder(INTERFACE) / "messages.pot"))
    assert not any("(s)" in part for m in messages for part in (m.id if isinstance(m.id, tuple) else (m.id,)))
    plurals = {m.id[0] for m in messages if isinstance(m.id, tuple)}
    assert {"Out of the game: {n} marker", "{n} Equilibrium card", "Bank: {n} cube of value {value}."} <= plurals


# -- the closing check (issue 34, "Done when"): defects met playing in tmux at 80x50 ------------------

def _screens_at_80_by_50(monkeypatch, capsys, argv: list[str], typed: str) -> list[str]:
    from agon.cli.terminal import TerminalPlayer

    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(TerminalPlayer, "screen_rows", lambda self: 50, raising=False)  # 50 rows (a pipe here)
    code, out = run(monkeypatch, capsys, argv, typed)
    assert code == 0
    return out.split("> ")[:-1]


@pytest.mark.parametrize("seed", [3, 11])
def test_closing_check_a_screen_shows_the_last_thing_the_other_side_did(seed, monkeypatch, capsys):
    """1989, seed 11, turn 1: after the Communist played Hungarian Democratic Forum the screen read
    "(6 earlier lines: l shows the whole log)" and no line of it: the board and thirteen Hungarian
    spaces, one a row, left no room. A short list of spaces is drawn compact too (a paragraph a
    country), so the log's last lines stay on screen."""
    argv = ["play", "1989", "--seed", str(seed), "--seat", "democrat=human", "--seat", "communist=random"]
    screens = _screens_at_80_by_50(monkeypatch, capsys, argv, "1\n" * 250 + "q\n")
    assert len(screens) > 40
    for screen in screens:
        if "earlier line" in screen:
            after = screen.split("earlier line", 1)[1].split("╭", 1)[0]
            assert "  · " in after, screen
        assert screen.count("\n") + 1 <= 50, screen


def test_closing_check_what_a_key_shows_stays_on_screen_with_the_prompt(monkeypatch, capsys):
    """1989's set-up at 80x50: `m leip` printed Leipzig and its neighbours, then the prompt again with
    its 61 spaces one a row (73 rows), so the answer scrolled away before it could be read. After a
    key the prompt is drawn compact when both would not fit."""
    argv = ["play", "1989", "--seed", "11", "--seat", "democrat=human", "--seat", "communist=random"]
    screens = _screens_at_80_by_50(monkeypatch, capsys, argv, "m leip\nq\n")
    after_key = screens[1]
    assert after_key.startswith("Leipzig: Worker, BG, stab 3; D 0 / C 0; no control"), after_key[:200]
    assert "Dresden: Elite, BG, stab 4" in after_key  # a neighbour's class and stability, to plan a check
    assert after_key.count("\n") + 1 <= 50, after_key.count("\n")


def test_closing_check_the_seat_line_wraps_between_words_and_counts_in_the_first_screen(monkeypatch, capsys):
    """tmux at 80 columns: "... Communist (communis" / "t) = random": the first line was printed
    without wrapping, so the terminal cut a word in two, and the first screen did not count its rows."""
    argv = ["play", "1989", "--seed", "11", "--seat", "democrat=human", "--seat", "communist=random"]
    screens = _screens_at_80_by_50(monkeypatch, capsys, argv, "q\n")
    first = screens[0].splitlines()
    assert max(len(line) for line in first) <= 80
    heading = " ".join(line.strip() for line in first[:next(i for i, line in enumerate(first) if line.startswith("  "))])
    assert heading == "1989: Dawn of Freedom, seed 11: Democrat (democrat) = human, Communist (communist) = random"
    assert len(first) <= 50, len(first)


def test_closing_check_a_terse_card_list_keeps_each_cards_ops_and_side(monkeypatch, capsys):
    """A hand drawn in a paragraph to leave the log room still says each card's Ops and whose event
    it is (1989, seed 11, turn 2 read "1 #3 Walesa* · 2 #4 Michnik* ...": nothing to choose by)."""
    from agon.cli.terminal import TerminalPlayer

    console = Console(width=80, file=io.StringIO())
    player = TerminalPlayer(console, ["democrat"])
    labels = [(1, "#3 Walesa* (3 Ops, Democrat)"), (2, "#4 Michnik* (3 Ops, Democrat)"),
              (3, "#5 General Strike* (1 Op, Democrat)"), (4, "#19 Papal Visit* (3 Ops, Democrat)"),
              (5, "#23 Hungary Scoring"), (6, "#25 Perestroika* (3 Ops, Communist)"),
              (7, "#26 Helsinki Final Act* (3 Ops, Democrat)"), (8, "#38 The July Concept* (3 Ops, Communist)")]
    player.print_choices(None, labels, compact=True, terse=True)  # type: ignore[arg-type]
    shown = " ".join(console.file.getvalue().split())
    assert "1 #3 Walesa* (3 Ops, Democrat) · 2 #4 Michnik*" in shown and "(3 Ops, Communist)" in shown
    assert console.file.getvalue().count("\n") <= 5


def test_closing_check_a_list_of_neighbours_reads_a_name_with_a_comma_whole(monkeypatch, capsys):
    """1989's map read "Poznań: Szczecin, Gdańsk, Wrocław, Catholic Church, Poland": a space named
    "Catholic Church, Poland" looked like two. Neighbours are parted by " · "."""
    monkeypatch.setenv("COLUMNS", "80")
    argv = ["play", "1989", "--seed", "1", "--seat", "democrat=human", "--seat", "communist=random"]
    code, out = run(monkeypatch, capsys, argv, "m\nq\n")
    assert code == 0 and "\n  Poznań: Szczecin · Gdańsk · Wrocław · Catholic Church, Poland\n" in out


def test_closing_check_cuba_libre_m_says_terrain_population_support_and_pieces(monkeypatch, capsys):
    """Cuba Libre's `m sier` said "Sierra Maestra: control: 26July" and its neighbours' control
    alone: a Sweep or an Assault (terrain, 3.2.3-3.2.4) and a Rally or March (pieces, population)
    could not be planned from it."""
    monkeypatch.setenv("COLUMNS", "80")
    code, out = run(monkeypatch, capsys, ["play", "cuba-libre", "--seed", "21"], "m sier\nq\n")
    assert code == 0 and "Sierra Maestra: Mountain, pop 1, Active Opposition; control: 26July; Mu2 MB1" in out
    assert "→ Santiago de Cuba: City, pop 1, Neutral; control: Government; T2 P2 Mu1" in out
    assert "→ Sugar Cane EC: EC, econ 2; no control; -" in out
    code, out = run(monkeypatch, capsys, ["play", "cuba-libre", "--seed", "21", "--lang", "el"], "m sier\nq\n")
    assert code == 0 and ": Βουνό, πληθ. 1, Ενεργή Αντίθεση· έλεγχος: 26 Ιουλίου· Mu2 MB1" in out


def test_closing_check_a_question_keeps_its_numbers_across_a_question_asked_in_between(monkeypatch, capsys):
    """Cuba Libre, seed 21: Sweep's spaces were numbered 1-10 (Santiago de Cuba 10, Transport 11);
    after Sierra Maestra and "Move cubes into Sierra Maestra" asked in between, the same question
    numbered Santiago de Cuba 9 and Transport 10: a 10 typed for Santiago started a Transport."""
    monkeypatch.setenv("COLUMNS", "80")
    code, out = run(monkeypatch, capsys, ["play", "cuba-libre", "--seed", "21"], "3\n3\n9\n1\n1\nq\n")
    sweeps = [screen for screen in out.split("> ") if "Sweep: choose a space" in screen]
    assert code == 0 and len(sweeps) == 2
    for screen in sweeps:
        assert "   10 Sweep in Santiago de Cuba" in screen and "   11 Special Activity: Transport" in screen, screen


def test_closing_check_1989_counts_a_placements_ops_and_says_a_general_strike_goes_on():
    """1989 in tmux: "The Communist places 1 SP in Leipzig (2 Op)."; "General Strike: roll 2 + 2 Ops."
    and nothing after it when the strike went on (it ends only above 5)."""
    log = _public_log("1989", {"democrat": "random", "communist": "random"}, 1)
    assert not any(line.endswith("(2 Op).") for line in log)
    assert any(line.endswith("(2 Ops).") for line in log) and any(line.endswith("(1 Op).") for line in log)
    rolls = [i for i, line in enumerate(log) if line.startswith("General Strike: die roll")]
    assert rolls
    for i in rolls:
        assert log[i + 1] == "The General Strike ends." or log[i + 1].startswith("The General Strike goes on: "), \
            log[i:i + 2]


def test_closing_check_cuba_libre_reads_s_i_m_once_and_a_replacement_as_a_sentence(monkeypatch, capsys):
    """Cuba Libre in tmux: the log said "Card 4: S.I.M.." and Fauré Chomón's shaded choices read
    "Replace Havana a DR Underground Guerrilla" (the three-word template did not fit two words)."""
    from agon.engine import ENGLISH
    from agon.games.cuba_libre.text import _worded

    code, out = run(monkeypatch, capsys, ["play", "cuba-libre", "--seed", "21"], "q\n")
    assert code == 0 and "Card 4: S.I.M.\n" in out and "S.I.M.." not in out
    log = _public_log("cuba-libre", {"govt": "nonplayer", "m26": "nonplayer", "dr": "nonplayer",
                                     "syndicate": "nonplayer"}, 21)
    assert "Card 15: Come Comrades!" in log and not any(line.endswith(("!.", "..")) for line in log)
    chomon = ENGLISH.text(_worded("replace", ("Havana", "dr_u")))
    assert chomon == "Replace a DR Underground Guerrilla in Havana with a 26July piece"
    defection = ENGLISH.text(_worded("replace", ("m26_a", "dr_u")))
    assert defection.startswith("Replace a 26July Active Guerrilla with a DR"), defection


def test_closing_check_one_question_asking_two_lists_keeps_the_numbers_of_each(monkeypatch, capsys):
    """Cuba Libre's Redeploy asks "move cubes" for the cube and then for where, in the same words:
    the numbers of the cubes started again after each destination (Santiago de Cuba's Police cube
    was 7, then 6)."""
    from agon.cli.terminal import Numbering

    numbering = Numbering()
    cubes = [Action("troop", space) for space in ("Havana", "Las Villas", "Sierra Maestra", "Santiago")]
    places = [Action("to", space) for space in ("Havana", "Camagüey City", "Santiago")]
    first = numbering.choices(None, "govt", "Redeploy", cubes, [str(a) for a in cubes])  # type: ignore[arg-type]
    numbering.choices(None, "govt", "Redeploy", places, [str(a) for a in places])  # type: ignore[arg-type]
    left = [cubes[0], cubes[1], cubes[3], Action("done")]
    again = numbering.choices(None, "govt", "Redeploy", left, [str(a) for a in left])  # type: ignore[arg-type]
    number = {action: n for n, action, _label in first}
    assert [(n, a) for n, a, _label in again][:3] == [(number[a], a) for a in left[:3]]
    assert again[-1][0] == 5  # Done: a number never used in this list


def test_closing_check_a_compact_board_does_not_repeat_the_question(monkeypatch, capsys):
    """1989 at turn 5 in tmux: the board (40 rows), the question, the hand in a paragraph left no row
    for the log ("(7 earlier lines ...)" and none of them); the board's last line but one repeated
    the question the prompt asks under it. A compact board leaves that line out."""
    from agon.cli.terminal import TerminalPlayer
    from agon.engine.game import load

    state = load("1989").new(11)
    console = Console(width=80, file=io.StringIO())
    player = TerminalPlayer(console, ["communist"])
    question = player.tr.text(state.prompt("communist").question)  # (the first to place)
    assert question.startswith("Setup: place")
    player.show_board(state, "communist")
    assert question in console.file.getvalue()
    console.file = io.StringIO()
    player.show_board(state, "communist", compact=True)
    assert question not in console.file.getvalue() and "Your hand:" in console.file.getvalue()


def test_closing_check_1989_a_one_op_card_is_used_for_1_op_not_1_ops():
    """1989 in tmux, turn 2: The Wall played for Operations asked "Use 1 Ops: place SPs or make 2
    support checks." (item 10's plural slips)."""
    from agon.engine import Text
    from agon.games.dawn_of_freedom.ops import Operations
    from agon.i18n import translator

    english = translator("en", "1989")
    for ops, word in ((1, "Op"), (3, "Ops")):
        question, args = Operations().prompt(None, {"ops": ops, "card": None, "role": 0})
        assert english.text(Text(question, args)) == f"Use {ops} {word}: place SPs or make 2 support checks."
    question, args = Operations().prompt(None, {"ops": 1, "card": None, "role": 0})
    assert "{" not in translator("hu", "1989").text(Text(question, args))


def test_closing_check_a_second_copy_of_a_card_takes_the_number_of_the_first():
    """1989 in tmux, turn 2, raising the stakes: "1 Rally in the Square (1)" was discarded, and the
    second Rally in the Square, offered only then, came back as 9: the "1" typed again answered
    "Please type a number from 1 to 9"."""
    from agon.cli.terminal import Numbering

    numbering = Numbering()
    first = [Action("ps", 0), Action("ps", 2), Action("ps", 3)]
    labels = ["Rally in the Square (1)", "March (4)", "Petition (6)"]
    numbering.choices(None, "democrat", "Discard", first, labels)  # type: ignore[arg-type]
    left = [Action("ps", 1), Action("ps", 2), Action("ps", 3)]  # the second Rally, a new action
    again = numbering.choices(None, "democrat", "Discard", left, labels)  # type: ignore[arg-type]
    assert [(n, label) for n, _action, label in again] == [(1, "Rally in the Square (1)"), (2, "March (4)"),
                                                         (3, "Petition (6)")]


def test_closing_check_a_wrong_number_is_answered_with_the_numbers_shown():
    """1989 in tmux, turn 4: "How do you play Reformer Rehabilitated?" offered only "2 For
    Operations"; the "1" typed was answered "Please type a number from 1 to 2"."""
    from agon.cli.terminal import TerminalPlayer

    console = Console(width=80, file=io.StringIO())
    player = TerminalPlayer(console, ["democrat"])
    player.please([(2, Action("ops"), "For Operations")])
    assert "Please type one of the numbers shown: 2 " in console.file.getvalue()
    console.file = io.StringIO()
    player.please([(n, Action("ps", n), str(n)) for n in (2, 3, 4, 5, 9)])
    assert "Please type one of the numbers shown: 2-5, 9 " in console.file.getvalue()
    console.file = io.StringIO()
    player.please([(n, Action("ps", n), str(n)) for n in (1, 2, 3)])
    assert "Please type a number from 1 to 3 " in console.file.getvalue()


def test_closing_check_a_list_asked_again_keeps_its_numbers_when_an_older_list_holds_it_too():
    """1989 in tmux, turn 7, Intelligentsia: "Place 4 more SPs in Intellectual spaces" numbered its 6
    spaces 1-6, the next "Place 3 more" 26-71 (an older list of the same question, every space of
    the set-up, holds them too), the next 1-6 again: a "5" typed twice missed."""
    from agon.cli.terminal import Numbering

    numbering = Numbering()
    writers = [Action("space", n) for n in (26, 36, 40, 59, 61, 71)]
    labels = [str(a) for a in writers]
    numbering.choices(None, "democrat", "{line}", writers, labels)  # type: ignore[arg-type]
    every = [Action("space", n) for n in range(1, 80)]  # (turn 1's Intelligentsia, then a list of every space)
    numbering.choices(None, "democrat", "{line}", every, [str(a) for a in every])  # type: ignore[arg-type]
    first = numbering.choices(None, "democrat", "{line}", writers, labels)  # type: ignore[arg-type]
    for _ in range(3):
        again = numbering.choices(None, "democrat", "{line}", writers, labels)  # type: ignore[arg-type]
        assert again == first


def test_closing_check_1989_a_workers_revolt_that_fails_says_so(monkeypatch):
    """1989 in tmux, turn 6: "Workers Revolt in Galaţi: die 1, -1 for adjacent spaces." and nothing
    after it (the revolt needs 4 or more: it failed without a word; item 7)."""
    from agon.games.dawn_of_freedom.data import C, D
    from agon.games.dawn_of_freedom.events_b_middle import _workers_revolt
    from tests.games.dawn_of_freedom.helpers import new_game, set_sp

    g = new_game()
    galati = set_sp(g, "Galaţi", d=0, c=3)
    monkeypatch.setattr(type(g), "roll", lambda self: 1)  # (a 1: even with no adjacent malus, below 4)
    _workers_revolt(D, g, galati)
    log = [entry.message() for entry in g.log][-2:]
    assert log[0].startswith("Workers Revolt in Gala")
    assert log[1].startswith("The revolt fails: ") and log[1].endswith("; nothing changes in Galaţi."), log
    assert g.sp[C][galati] == 3


# -- the last 1989 defects of issue 34 (a full game in tmux at 80x50) ---------------------------------

def test_closing_check_typing_a_name_picks_the_choice_named_exactly_so(monkeypatch, capsys):
    """1989 set-up: `sofia` matched Sofia and Sofia University, and listed both a row each; a choice
    named exactly as typed wins, and several that start so are named on one line."""
    from agon.cli.terminal import TerminalPlayer

    console = Console(width=200, file=io.StringIO())  # (wide: one paragraph is one row)
    player = TerminalPlayer(console, ["communist"])
    choices = [(56, Action("space", 70), "Bulgaria: Sofia University (Intellectual, stab 2; D 0 / C 0)"),
               (61, Action("space", 71), "Bulgaria: Sofia (Elite, BG, stab 3; D 0 / C 3)"),
               (62, Action("space", 72), "Bulgaria: Sliven (Farmer, stab 1; D 0 / C 0)")]
    assert player.by_name(choices, "sofia") == Action("space", 71)
    assert player.by_name(choices, "sofia u") == Action("space", 70)
    assert player.by_name(choices, "s") is None
    said = console.file.getvalue()
    assert said.count("\n") == 1 and "56 Bulgaria: Sofia University · 61 Bulgaria: Sofia · 62 Bulgaria: Sliven" in said


def test_closing_check_the_record_saved_line_comes_after_the_final_scoring(monkeypatch, capsys, tmp_path):
    """At the end of a game "Record saved to ..." was printed above the final board and the result,
    which pushed it out of sight."""
    from tests.golden import play_random

    save = tmp_path / "game.json"
    played = play_random("dual-powers", 3, {})
    record = played.record()
    record["actions"] = record["actions"][:-1]  # one action before the end: the person plays it
    save.write_text(json.dumps(record))
    role = played.history[-1][0]
    argv = ["play", "--load", str(save), "--seat", f"{role}=human",
            *(f"--seat={other}=random" for other in ("red", "white") if other != role)]
    code, out = run(monkeypatch, capsys, argv, "1\n" * 3)
    assert code == 0 and "Game over" in out and "Record saved to" in out
    assert out.index("Record saved to") > out.index("Game over"), out[-800:]


def test_closing_check_1989_set_up_header_says_set_up_in_three_languages():
    """The set-up's board said "turn 1, action round 0 (Communist)": there is no round 0."""
    from agon.engine.game import load
    from agon.i18n import translator

    state = load("1989").new(11)
    for lang, word in (("en", "Set-up"), ("el", "Προετοιμασία"), ("hu", "Összeállítás")):
        board = state.game.render(state.view("democrat"), "democrat", tr=translator(lang, "1989"))
        first = board.split("\n")[0]
        assert word in first and "0" not in first.replace("+0", ""), first


def test_closing_check_1989_in_force_names_each_card_and_how_long_it_lasts():
    """"In force: Helsinki Final Act (Communist, whole game); Tear Gas (Communist, until used)": the
    bracket read as whose card it was. Each effect is its card (number and name: c N reads it)
    under how long it lasts; an effect that is no card's name says whom it is for."""
    from agon.games.dawn_of_freedom.text import _in_force

    effects = [{"name": "Helsinki Final Act", "side": "communist", "until": "game"},
               {"name": "Tear Gas", "side": "communist", "until": "manual"},
               {"name": "Eco-Glasnost", "side": "communist", "until": "game"},
               {"name": "extra action round", "side": "communist", "until": "turn"}]
    assert str(_in_force(effects)) == ("In force — whole game: 26 Helsinki Final Act, 39 Eco-Glasnost; until used: "
                                       "30 Tear Gas; this turn: extra action round for the Communist")


def test_closing_check_1989_rolls_read_in_the_rulebooks_words_and_a_first_removal_is_no_more():
    """"die 3 + 1 Ops +0 adjacent +0 other" (6.2.4 names each modifier); "Remove 1 more Communist SP"
    asked before any was removed."""
    from agon.games.dawn_of_freedom.data import C, D
    from agon.games.dawn_of_freedom.events import remove
    from agon.games.dawn_of_freedom.ops import support_check
    from tests.games.dawn_of_freedom.helpers import clear_map, dice, new_game, set_sp

    g = new_game()
    clear_map(g)
    sid = set_sp(g, "Kraków", d=1, c=0)
    dice(g, 6)
    support_check(g, C, sid, 3)
    check = [entry.message() for entry in g.log if "support check" in entry.message()][-1]
    assert check.startswith("The Communist's support check in Kraków: die roll 6, +3 for the card's Ops, +0 for "
                            "adjacent control, +0 for events = 9 against 6"), check
    g = new_game()
    g.stack.append(remove(D, 2))  # (an event's removal, on top of the set-up: 2 Communist SPs)
    g.changed()
    assert g.prompt("democrat").message() == "Remove 2 Communist SPs anywhere."
    g.apply("democrat", g.legal_actions("democrat")[0])
    assert g.prompt("democrat").message() == "Remove 1 more Communist SP anywhere."


def test_closing_check_a_list_that_grows_keeps_the_numbers_it_had():
    """Cuba Libre in Greek in tmux, Train in Havana: out of Troops, "place a Police cube" and "Done"
    (2 and 3) were joined by three "take a Troop from the map" and the list started again at 1:
    Done became 5, and the 3 typed for it took a Troop off Camagüey City."""
    from agon.cli.terminal import Numbering

    numbering = Numbering()
    first = [Action("troop"), Action("police"), Action("done")]
    numbering.choices(None, "govt", "Train", first, [str(a) for a in first])  # type: ignore[arg-type]
    later = [Action("police"), Action("take", "Las Villas"), Action("take", "Camagüey City"),
             Action("take", "Santiago"), Action("done")]
    again = numbering.choices(None, "govt", "Train", later, [str(a) for a in later])  # type: ignore[arg-type]
    number = {action: n for n, action, _label in again}
    assert number[Action("police")] == 2 and number[Action("done")] == 3, again


def test_closing_check_a_side_of_a_card_reads_its_own_short_text_in_greek():
    """Cuba Libre in Greek: under "Event: Ambassador Smith (unshaded)" and "(shaded)" the terminal
    printed both sides' texts twice (it looked for the English "(shaded)" in the Greek label)."""
    from agon.cli.terminal import _short_for
    from agon.i18n import translator

    greek = translator("el", "cuba-libre")
    card = {"id": 40, "name": "Ambassador Smith", "short": "both",
            "sides": {"unshaded": {"short": "down 1"}, "shaded": {"short": "up 1"}}}
    unshaded, shaded = (f"Γεγονός: Ambassador Smith ({greek.term(side)})" for side in ("unshaded", "shaded"))
    assert _short_for(card, unshaded, greek) == "down 1" and _short_for(card, shaded, greek) == "up 1"
