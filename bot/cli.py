"""The ``exobase`` command: play in the terminal, simulate many games, write the card reference."""

from __future__ import annotations

import argparse
import asyncio
import inspect
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.app import games_for
from bot.errors import UserError
from bot.games import MODULES, ContentSettingError, Game, GameModule, load_game
from bot.games.spec import OptionSpec
from bot.local import Console, local_actor, open_table, run_console
from bot.logging_setup import setup_logging
from bot.service import GameService
from bot.settings import Settings, SettingsError, load_settings, load_tool_settings
from bot.startup import StartupError, migrate, open_engine
from bot.store import Repository, make_sessionmaker

HISTORY_FILE = ".exobase_history"
DOCS_BEGIN = "<!-- card-reference:begin -->"
DOCS_END = "<!-- card-reference:end -->"


def _positive(text: str) -> int:
    """A whole number of at least 1, for argparse (which words the refusal)."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, not '{text}'")
    return number


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="exobase", description="Space-colony games in the terminal.")
    sub = parser.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="play in the terminal through the bot's own service and database")
    play.add_argument("game", help="which game, e.g. exobase")
    play.add_argument("--players", default="Captain", help="comma-separated names; several means team play")
    play.add_argument("--mode", help="shorthand for --option mode=VALUE (ExoBase: normal or hardcore)")
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a start option, e.g. scenario=rustveil",
    )
    play.add_argument("--db", help="database URL (default: DATABASE_URL)")
    play.add_argument("--images", type=Path, help="folder for images (default: IMAGE_DIR)")
    play.add_argument("--seed", type=int, help="fix the seed of a new game")
    play.add_argument("--no-images", action="store_true", help="text only")

    sim = sub.add_parser("sim", help="play many seeded games with a simple policy and report")
    sim.add_argument("game")
    sim.add_argument("--games", type=_positive, default=1000)
    sim.add_argument("--policy", choices=("random", "greedy"), default="greedy")
    sim.add_argument("--seed", type=int, default=1)
    # Game-specific settings: passed only when given, and only to a game whose simulation takes them.
    sim.add_argument("--mode", help="difficulty, where the game has modes (ExoBase: normal or hardcore)")
    sim.add_argument("--players", type=int, help="seats at the table, where the game has several")
    sim.add_argument("--scenario", help="the scenario or planet, where the game has them")
    sim.add_argument("--expansion", help="an expansion to play with, where the game has one (genesis)")
    sim.add_argument("--variant", help="a start variant, where the game has them (lightspeed)")
    sim.add_argument("--invaders", action="store_const", const=True, help="Europa: play with Invaders")

    docs = sub.add_parser("docs", help="write the card reference into docs/<game>.md")
    docs.add_argument("game")
    docs.add_argument("--file", type=Path, help="the docs file (default: docs/<game>.md)")
    return parser


async def play(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Run a console session; returns the exit code (1 when the database cannot be used)."""
    overrides: dict[str, Any] = {"database_url": args.db} if args.db else {}
    try:
        settings = load_settings(**overrides)
        engine = open_engine(settings.database_url)
        try:
            await migrate(engine)
            return await _session(args, settings, engine, stdin, stdout)
        finally:
            await engine.dispose()
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    except StartupError as exc:
        print(exc, file=sys.stderr)
        return 1


async def _session(
    args: argparse.Namespace, settings: Settings, engine: AsyncEngine, stdin: TextIO, stdout: TextIO
) -> int:
    seed = args.seed
    service = GameService(
        Repository(make_sessionmaker(engine)),
        games=games_for(settings),
        render=not args.no_images and settings.render_images,
        seeds=(lambda: seed) if seed is not None else None,
    )
    if args.game not in service.games:
        print(f"No game called '{args.game}'. Games: {', '.join(service.games)}.", file=sys.stderr)
        return 2
    names = [name.strip() for name in args.players.split(",") if name.strip()] or ["Captain"]
    console = Console(service, args.game, args.images or settings.image_dir, stdout, local_actor(names[0]))
    try:
        await open_table(console, names, _start_options(args, service.frontend(args.game).start_options))
    except (UserError, ValueError) as exc:
        print(f"Cannot start: {exc}", file=sys.stderr)
        return 2
    console.say("Type help for the commands, quit to leave.")
    interactive = stdin is sys.stdin and stdin.isatty()
    await run_console(console, stdin, interactive=interactive, history=Path.home() / HISTORY_FILE)
    return 0


def _start_options(args: argparse.Namespace, specs: Sequence[OptionSpec] = ()) -> dict[str, Any]:
    """Start options from ``--mode`` and ``--option name=value``, typed as the game's start options
    are on Discord (a whole number stays a number); raises ValueError on a malformed one."""
    options: dict[str, Any] = {} if args.mode is None else {"mode": args.mode}
    known = {spec.name: spec for spec in specs}
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise ValueError(f"Write start options as name=value (got '{item}').")
        if name in known and known[name].type == "int":
            options[name] = known[name].parse(value)
            continue
        options[name] = {"true": True, "false": False}.get(value.lower(), value)
    return options


def _module(game: str) -> GameModule:
    if game not in MODULES:
        raise SystemExit(f"No game called '{game}'. Games: {', '.join(sorted(MODULES))}.")
    return MODULES[game]


SIM_SETTINGS = ("mode", "players", "scenario", "expansion", "variant", "invaders")


def _owners_cards(game: str, folders: Mapping[str, Path]) -> Game | None:
    """The game over the operator's own card folder (``folders``, from the settings), or None when
    it is played with the shipped cards; raises ContentSettingError when the folder fails the checks."""
    folder = folders.get(game)
    return None if folder is None or game not in MODULES else load_game(MODULES[game], folder)


def sim(args: argparse.Namespace, stdout: TextIO, folders: Mapping[str, Path] | None = None) -> int:
    """Run the game's ``simulate`` over the configured cards and print its report; exit code 2 on a
    setting it does not take or cards that fail the checks."""
    simulate = _module(args.game).simulate
    taken = inspect.signature(simulate).parameters
    kwargs: dict[str, Any] = {"games": args.games, "policy": args.policy, "seed": args.seed}
    try:
        own = _owners_cards(args.game, folders or {})
    except ContentSettingError as exc:
        print(exc, file=sys.stderr)
        return 2
    if own is not None and "content" in taken:
        kwargs["content"] = getattr(own.rules, "content", None)
    kwargs.update(_start_defaults(args.game, taken, own))
    kwargs.update((name, getattr(args, name)) for name in SIM_SETTINGS if getattr(args, name) is not None)
    if not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in taken.values()):
        refused = [name for name in kwargs if name not in taken]
        if refused:
            print(f"The {args.game} simulation has no --{', --'.join(refused)}.", file=sys.stderr)
            return 2
    try:
        report = simulate(**kwargs)
    except ValueError as exc:
        # EngineError is a ValueError: an unknown scenario or a bad player count.
        print(exc, file=sys.stderr)
        return 2
    for line in report.lines():
        print(line, file=stdout)
    return 0


def _start_defaults(game: str, taken: Mapping[str, inspect.Parameter], own: Game | None) -> dict[str, Any]:
    """A game's start-option defaults (over the cards in play) for the settings its simulation
    requires (such as a mode)."""
    if game not in MODULES:
        return {}
    frontend = (own or load_game(MODULES[game])).frontend
    return {
        option.name: option.default
        for option in frontend.start_options
        if option.name in taken
        and taken[option.name].default is inspect.Parameter.empty
        and option.default is not None
    }


def docs(args: argparse.Namespace, stdout: TextIO, folders: Mapping[str, Path] | None = None) -> int:
    """Replace the text between the markers in the docs file, or print the reference (of the
    operator's own cards when the settings name a folder for the game)."""
    try:
        own = _owners_cards(args.game, folders or {})
    except ContentSettingError as exc:
        print(exc, file=sys.stderr)
        return 2
    write = _module(args.game).card_reference
    content = getattr(own.rules, "content", None) if own is not None else None
    reference = (write(content) if content is not None else write()).rstrip("\n")
    path: Path = args.file or Path("docs") / f"{args.game}.md"
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    if DOCS_BEGIN not in text or DOCS_END not in text:
        print(reference, file=stdout)
        return 0
    head, rest = text.split(DOCS_BEGIN, 1)
    _, tail = rest.split(DOCS_END, 1)
    path.write_text(f"{head}{DOCS_BEGIN}\n{reference}\n{DOCS_END}{tail}", encoding="utf-8")
    print(f"Wrote the card reference into {path}.", file=stdout)
    return 0


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Entry point of the ``exobase`` console script; returns the exit code."""
    args = _parser().parse_args(argv)
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    try:
        # Only what every command needs: play reads the bot's settings itself (its --db overrides
        # DATABASE_URL), and sim and docs need nothing of Discord or the database.
        settings = load_tool_settings()
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    setup_logging(settings.log_level if args.command != "play" else "WARNING")
    if args.command == "play":
        try:
            return asyncio.run(play(args, stdin, stdout))
        except KeyboardInterrupt:
            # Every accepted action is already saved; the next `play` resumes the game.
            print("\nBye.", file=stdout)
            return 130
    if args.command == "sim":
        return sim(args, stdout, settings.content_dirs())
    return docs(args, stdout, settings.content_dirs())


if __name__ == "__main__":
    sys.exit(main())
