"""Per-seat views of the legal actions: autocomplete values, refusals that name the player the
game waits on, and who may undo.

The engine decides who may act (``to_move`` and ``legal_actions`` per seat); this
module only reads that for one seat and words it for the player.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.errors import NotAllowedError, UserError
from bot.games.spec import GameFrontend
from bot.store import BOT_USER_ID, ActionRecord, GameRecord
from engine.core import Action, Rules
from engine.core.errors import AlreadyDoneError, EngineError, NotYourTurnError

# What a step that cannot be taken back did, for a game that does not say (see GameModule.reveals).
REVEALS = "rolled dice or revealed cards"


def seat_names(record: GameRecord, seats: Iterable[int]) -> str:
    """The players of ``seats``, joined for a sentence ("Alice", "Alice and Bob")."""
    wanted = set(seats)
    names = [seat.name for seat in record.seats if seat.seat in wanted]
    if len(names) < 2:
        return "".join(names) or "someone else"
    return ", ".join(names[:-1]) + f" and {names[-1]}"


def explain_refusal(
    record: GameRecord,
    rules: Rules[Any],
    state: Any,
    seat: int,
    action: Action,
    waiting: frozenset[int],
    refused: EngineError,
) -> UserError | None:
    """A clearer refusal when ``seat`` tried another player's step or acted out of turn; None when
    the engine's own message says it best (the action is simply not legal for anyone).

    ``waiting`` are the seats the game waits on (the turn's player, a pending choice's owner):
    a seat that may still act beside them (a Plan in hand) is told whose move it is, not refused
    as if it had no say at all. Whose move it is is public; who holds a card is not, so in a game
    with hidden information the other seats' choices are never probed. A seat that already made
    this step's move (``refused`` is an AlreadyDoneError: "you are already ready") hears the
    engine's reason.
    """
    if isinstance(refused, AlreadyDoneError):
        return None
    turn = NotAllowedError(f"It is {seat_names(record, sorted(waiting))}'s move; wait for yours.")
    legal = rules.legal_actions(state, seat)
    if not legal:
        # Out of turn, whose move it is; any other refusal (a Colony Plan, playable at any time,
        # that cannot be played now) is the engine's own reason.
        return turn if waiting and isinstance(refused, NotYourTurnError) else None
    missing = missing_options(legal, action)
    if missing:
        names = " and ".join(f"`{name}`" for name in missing)
        return NotAllowedError(
            f"That move needs its {names} option{'s' if len(missing) > 1 else ''} too; "
            "the command's autocomplete lists the choices."
        )
    if rules.meta.hidden_information:
        return None
    others = [other.seat for other in record.seats if other.seat != seat]
    owners = [other for other in others if action in rules.legal_actions(state, other)]
    if not owners:
        return None
    if seat in waiting:
        return NotAllowedError(f"That choice belongs to {seat_names(record, owners)}, not to you.")
    return turn


def missing_options(legal: Sequence[Action], action: Action) -> list[str]:
    """The options ``action`` leaves out that would make it one of the ``legal`` moves (a command
    typed without an optional choice the move needs); empty when that is not what is wrong."""
    given = dict(action.args)
    names: dict[str, None] = {}
    for move in legal:
        if move.kind != action.kind or move == action:
            continue
        args = dict(move.args)
        if all(args.get(name) == value for name, value in given.items()) and len(args) > len(given):
            names.update((name, None) for name in args if name not in given)
    return list(names)


def undo_target(
    record: GameRecord, seat: int, rows: Sequence[ActionRecord], *, reveals: str = REVEALS
) -> int:
    """The index in ``rows`` of the action ``seat`` may take back: its own last one.

    Raises NotAllowedError when there is none, it revealed something, or something was revealed
    after it (each player takes back only their own moves; the caller checks that any later moves
    of others were made in the same simultaneous step). ``reveals`` says what a step that cannot be
    taken back does in this game ("revealed cards" where there are no dice).
    """
    if not rows:
        raise NotAllowedError("There is nothing to undo.")
    # The bot's move for a seat whose time ran out is nobody's to take back, its seat's included
    # (it may be passed over, applied again, when another seat takes back an earlier move).
    mine = [index for index, row in enumerate(rows) if row.seat == seat and row.user_id != BOT_USER_ID]
    index = mine[-1] if mine else None
    reachable = index is not None and all(row.undoable for row in rows[index:])
    if index is None or (index != len(rows) - 1 and not reachable):
        last = rows[-1]
        who = seat_names(record, [last.seat])
        if last.user_id == BOT_USER_ID:
            # Named as the bot's move whatever it revealed: the player did not make it.
            raise NotAllowedError(
                f"The bot moved for {who} when their time ran out; nothing can be taken back."
            )
        if not last.undoable:
            step = str(last.action.get("kind", "move")).replace("_", " ")
            raise NotAllowedError(f"{who}'s {step} {reveals}; nothing can be taken back.")
        raise NotAllowedError(f"Only {who} can take back their own move now.")
    if not rows[index].undoable:
        raise NotAllowedError(f"Your last action {reveals}; it cannot be undone.")
    return index


def later_movers(record: GameRecord, rows: Sequence[ActionRecord], simultaneous: bool) -> None:
    """Raises NotAllowedError when others moved after the actor's move ``rows[0]`` outside a
    simultaneous step: then only the very last move of the game can be taken back, by its player."""
    later = rows[1:]
    if later and not simultaneous:
        names = seat_names(record, sorted({row.seat for row in later}))
        if later[-1].user_id == BOT_USER_ID:
            raise NotAllowedError(f"The bot moved for {names} after you, so your move stays.")
        raise NotAllowedError(f"{names} moved after you, so only {names} can take a move back now.")


def may_undo(record: GameRecord, user_id: int, last: ActionRecord | None) -> bool:
    """Whether ``user_id`` would be allowed to take back ``last``."""
    seat = record.seat_of(user_id)
    if last is None or last.user_id == BOT_USER_ID:
        return False
    return last.undoable and seat is not None and last.seat == seat


def option_values(
    rules: Rules[Any],
    frontend: GameFrontend,
    state: Any,
    seat: int,
    kind: str,
    option: str,
    filled: Mapping[str, str | int],
) -> list[tuple[str, str | int]]:
    """(label, value) of ``option`` among ``seat``'s legal ``kind`` actions that fit ``filled``,
    in the engine's order without repeats. The view handed to the front end names its ``viewer``,
    as a seat's own message does, so labels can read that seat's dice; ``asking`` holds the kind
    and the options filled in, since a label may depend on them (a work space is read on the card
    chosen, a card on the side the command takes)."""
    filled = frontend.to_engine(kind, filled)
    view = {**rules.view(state, seat), "viewer": seat, "asking": {"kind": kind, "filled": filled}}
    values: dict[str | int, str] = {}
    for action in rules.legal_actions(state, seat):
        if action.kind != kind or not agrees(action, filled, option):
            continue
        value = action.get(option)
        if isinstance(value, (str, int)) and not isinstance(value, bool) and value not in values:
            values[value] = frontend.label(view, option, value)
    spec = frontend.option(kind, option)
    return [(text, value if spec is None else spec.shown(value)) for value, text in values.items()]


def typed_names(rules: Rules[Any], frontend: GameFrontend, state: Any, seat: int, action: Action) -> Action:
    """``action`` as typed in a slash command, with any text option naming a value by what players
    are shown (a card's name, in any case, spaces around it) turned into the engine's value; a
    comma-separated list of cards is read name by name. Unchanged when it is legal as it stands or
    nothing names a value of one of its legal moves unambiguously."""
    legal = rules.legal_actions(state, seat)
    if action in legal:
        return action
    same = [a for a in legal if a.kind == action.kind]
    view: dict[str, Any] | None = None
    catalog: dict[str, set[str]] | None = None
    args = dict(action.args)
    for name, typed in action.args:
        if not isinstance(typed, str):
            continue
        wholes = {v for a in same if isinstance(v := a.get(name), str)}
        if typed in wholes:
            continue
        found = None
        if wholes:
            if view is None:
                view = {**rules.view(state, seat), "viewer": seat}
            # The whole value first (a cell "0,-1" is one value), then a list name by name.
            found = _named(frontend, view, name, wholes, [typed])
            if found is None and "," in typed:
                atoms = {part for value in wholes for part in value.split(",") if part}
                found = _named(frontend, view, name, atoms, _pieces(typed))
        if found is None and frontend.catalog is not None:
            # Not a name among the legal moves (a move not open now, or a card shown by another
            # name there): any card the game knows by that name, so the engine says why not.
            if catalog is None:
                catalog = _known(frontend.catalog(rules))
            found = _lookup(catalog, [typed]) or (_lookup(catalog, _pieces(typed)) if "," in typed else None)
        if found is not None and found != typed:
            args[name] = found
    return action if args == dict(action.args) else Action.of(action.kind, **args)


def _pieces(typed: str) -> list[str]:
    """A typed list's names: empty pieces (a trailing comma, two commas) are no names."""
    return [piece for piece in typed.split(",") if piece.strip()]


def _named(
    frontend: GameFrontend, view: Mapping[str, Any], option: str, values: set[str], parts: list[str]
) -> str | None:
    """``parts`` read as ``values`` of ``option`` (by the value or its label, in any case), joined by
    commas; None unless every part names exactly one value."""
    pairs = []
    for value in values:
        try:
            shown = frontend.label(view, option, value)
        except (ValueError, KeyError, TypeError, IndexError):
            # A piece of a value that is not a list (one coordinate of a cell) has no label.
            shown = value
        pairs.append((shown, value))
    return _lookup(_known(pairs), parts)


def _known(pairs: Iterable[tuple[str, str]]) -> dict[str, set[str]]:
    """The values each word names, in any case: a value names itself, and so does what it is shown as."""
    known: dict[str, set[str]] = {}
    for shown, value in pairs:
        for word in (value, shown):
            known.setdefault(word.strip().casefold(), set()).add(value)
    return known


def _lookup(known: Mapping[str, set[str]], parts: list[str]) -> str | None:
    """``parts`` read as the values they name, joined by commas; None unless each names exactly one."""
    found = [known.get(part.strip().casefold(), set()) for part in parts]
    if not all(len(ids) == 1 for ids in found):
        return None
    return ",".join(next(iter(ids)) for ids in found)


def agrees(action: Action, filled: Mapping[str, str | int], option: str) -> bool:
    """Whether ``action`` matches every option filled in besides ``option`` (blank ones match)."""
    for name, value in filled.items():
        if name == option or value is None or value == "":
            continue
        if str(action.get(name)) != str(value):
            return False
    return True
